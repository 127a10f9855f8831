import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The server package's folder. This module sits one level below it both as source
 * (server/src/server-paths.ts) and in the built bundle (server/dist/main.js and its chunks), so paths
 * built from here hold either way; modules deeper in src must not resolve files from their own URL.
 */
export const serverDir = fileURLToPath(new URL('..', import.meta.url))

export const serverPath = (...parts: string[]) => path.join(serverDir, ...parts)
