import { fileURLToPath } from 'node:url'

/** Resolved from this module, so it does not depend on the working directory. */
export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url))

/** Column names are written in camelCase in TypeScript and snake_case in SQL (drizzle.config.ts says the same). */
export const casing = 'snake_case' as const
