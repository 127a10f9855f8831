import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { serverPath } from '../server-paths.js'

const childScript = serverPath('src', 'db', 'pglite-initdb-child.mjs')

/**
 * Runs initdb for a new PGlite data folder in a short-lived child process. Done in-process, the
 * first start leaves the server holding ~750 MB RSS for its whole life; this way it starts at the
 * ~250 MB of a reopen (see measure-pglite.ts), for ~0.2 s more on the first start only.
 */
export async function initPgliteDataDirInChild(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return
  try {
    await promisify(execFile)(process.execPath, [childScript, dir, JSON.stringify(startParams)], {
      timeout: 120_000,
    })
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr
    throw new Error(`Could not create the PGlite database in ${dir}${stderr ? `:\n${stderr}` : ''}`, { cause: err })
  }
}
