import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { freePort } from '../../testing/free-port.js'

/** A redis-server of the test's own (no persistence), so a test can stop and restart it. */
export interface OwnRedis {
  url: string
  /** SIGKILL, as a crash. */
  stop(): Promise<void>
  /** Starts it again on the same port (empty: nothing persisted). */
  start(): Promise<void>
}

async function listening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port })
      socket.once('connect', () => resolve(true))
      socket.once('error', () => resolve(false))
    }).catch(() => false)
    if (ok) return
    // A poll interval: the loop looks at the condition again (not a wait for something to happen).
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`redis-server did not listen on ${port} in ${timeoutMs} ms`)
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']
    child = spawn(process.env.REDIS_SERVER ?? 'redis-server', args, { stdio: 'ignore' })
    child.once('error', () => {})
    await listening(port)
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const c = child
      if (!c || c.exitCode !== null || c.signalCode !== null) return
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve())
        c.kill('SIGKILL')
      })
    },
    start,
  }
}
