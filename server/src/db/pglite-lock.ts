import fs from 'node:fs/promises'

/** Data folders this process holds, so opening one twice here is refused too. */
const heldHere = new Set<string>()

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite has no guard of its own: two processes on one data folder would both write to it and
 * corrupt it. `<dir>.lock` holds the owner's pid; a lock whose process is gone (SIGKILL, crash)
 * is taken over. Returns the release function.
 */
export async function lockPgliteDataDir(dir: string): Promise<() => Promise<void>> {
  const lockPath = `${dir}.lock`
  if (heldHere.has(lockPath)) throw new Error(`The PGlite database in ${dir} is already open in this process`)
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.writeFile(lockPath, String(process.pid), { flag: 'wx' })
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err
      const owner = Number((await fs.readFile(lockPath, 'utf8').catch(() => '')).trim())
      if (isRunning(owner)) {
        throw new Error(
          `The PGlite database in ${dir} is in use by process ${owner}. Only one Ferry instance can use a ` +
            `PGlite data folder; set DATABASE_URL to run several. If no such process is Ferry, delete ${lockPath}.`,
        )
      }
      await fs.rm(lockPath, { force: true })
    }
  }
  heldHere.add(lockPath)
  return async () => {
    heldHere.delete(lockPath)
    await fs.rm(lockPath, { force: true })
  }
}
