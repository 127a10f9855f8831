import type { ChildProcess } from 'node:child_process'

/**
 * Waits until the server `child` started answers `url`/healthz; fails at once, with its output,
 * if it exits first, and with its output too if it is not up within `timeoutMs`. Plain Node, no
 * Vitest: the benchmarks start their cluster with it too.
 */
export async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${output()}`)
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (healthy) return
    if (Date.now() > deadline) throw new Error(`The server did not answer within ${timeoutMs / 1000} s:\n${output()}`)
    // A poll interval, not a wait for something to happen: the loop checks the condition again.
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
