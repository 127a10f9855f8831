import { serverPath } from '../server-paths.js'

/** Resolved from the server's folder, so it does not depend on the working directory. */
export const migrationsFolder = serverPath('migrations')

/** Column names are written in camelCase in TypeScript and snake_case in SQL (drizzle.config.ts says the same). */
export const casing = 'snake_case' as const
