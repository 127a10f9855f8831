import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitForHealth } from '../../testing/wait-for-health.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')

/** One Ferry instance: `node scripts/start.mjs`, as `npm start` runs it, on its own port. */
export interface FerryInstance {
  id: string
  /** http://127.0.0.1:port */
  url: string
  /** Where its SFTP server listens (SFTP_PORT); 0 when it runs none. */
  sftpPort: number
  pid(): number | undefined
  /** Whether the process is running (false once it exited or was killed). */
  running(): boolean
  /** SIGKILL: a crash. */
  kill(): Promise<void>
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>
  /** Starts it again with the same environment and port. */
  start(): Promise<void>
  /** The last lines it printed (for failure messages). */
  output(): string
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

export async function startFerryInstance(
  id: string,
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<FerryInstance> {
  const url = `http://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  let output = ''

  async function start() {
    output = ''
    const c = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'production',
        // No Stripe here: production refuses the test checkout unless asked for it.
        PAYMENTS: 'test',
        FERRY_SKIP_WEB_BUILD: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        SFTP_PORT: '0', // SFTP (default 2222) only where a test asks for it: parallel servers would collide
        INSTANCE_ID: id,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = c
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    c.stdout?.on('data', keep)
    c.stderr?.on('data', keep)
    try {
      await waitForHealth(url, c, () => `(instance ${id})\n${output}`, 90_000)
    } catch (error) {
      c.kill('SIGKILL')
      throw error
    }
  }

  await start()
  return {
    id,
    url,
    sftpPort: Number(env.SFTP_PORT ?? 0),
    pid: () => child?.pid,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async kill() {
      if (!child) return
      child.kill('SIGKILL')
      await exited(child)
    },
    async stop() {
      if (!child) return
      child.kill('SIGTERM')
      await exited(child)
    },
    start,
    output: () => output,
  }
}
