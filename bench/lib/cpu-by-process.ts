import fs from 'node:fs'

/** CPU seconds (user + system, all threads) each running process has used, by pid, with its name. */
export function cpuSnapshot(): Map<number, { name: string; seconds: number }> {
  const snapshot = new Map<number, { name: string; seconds: number }>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const used = cpuOf(Number(entry))
    if (used) snapshot.set(Number(entry), used) // else it exited meanwhile
  }
  return snapshot
}

/** The CPU seconds (user + system, all threads) process `pid` has used, or undefined when it is gone. */
export function cpuSecondsOf(pid: number): number | undefined {
  return cpuOf(pid)?.seconds
}

function cpuOf(pid: number): { name: string; seconds: number } | undefined {
  let stat: string
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // The name is in parentheses and may hold spaces; the fields after it are space-separated.
  const close = stat.lastIndexOf(')')
  const fields = stat.slice(close + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15)
  return { name: stat.slice(stat.indexOf('(') + 1, close), seconds: ticks / 100 }
}

/**
 * The CPU seconds used between two snapshots, summed by role: `roles` names known pids; other
 * processes count under their own name (postgres, redis-server…).
 */
export function cpuByRole(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  roles: Map<number, string>,
): Map<string, number> {
  const sums = new Map<string, number>()
  for (const [pid, now] of after) {
    const used = now.seconds - (before.get(pid)?.seconds ?? 0)
    if (used <= 0) continue
    const role = roles.get(pid) ?? now.name
    sums.set(role, (sums.get(role) ?? 0) + used)
  }
  return sums
}
