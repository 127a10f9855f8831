import { type ChildProcess, fork } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../server/src/testing/free-port.js'

const here = path.dirname(fileURLToPath(import.meta.url))
export const repoRoot = path.resolve(here, '..', '..')

/** A child process that reported `{port, ...}` over IPC once listening. */
export interface Child<T> {
  process: ChildProcess
  info: T
  stop(): Promise<void>
}

function firstMessage<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T))
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)))
  })
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
    })
}

const tsx = ['--import', 'tsx']

/** The bare Node ceiling server writing into `dir`. */
export async function startCeiling(dir: string): Promise<Child<{ port: number }>> {
  const child = fork(path.join(here, 'ceiling-server.mjs'), [dir], { stdio: 'inherit' })
  return { process: child, info: await firstMessage(child, 'The ceiling server'), stop: stopper(child) }
}

/** A script of bench/lib (.mjs, or .ts through tsx) in a child process that reports `info` over IPC once ready. */
export async function startChild<T>(script: string, args: string[], what: string): Promise<Child<T>> {
  const execArgv = script.endsWith('.ts') ? tsx : []
  const child = fork(path.join(here, script), args, { stdio: 'inherit', execArgv })
  return { process: child, info: await firstMessage<T>(child, what), stop: stopper(child) }
}

export async function startS3rver(dir: string): Promise<Child<{ port: number; bucket: string }>> {
  const child = fork(path.join(here, 's3rver-server.ts'), [dir], { stdio: 'inherit', execArgv: tsx })
  return { process: child, info: await firstMessage(child, 's3rver'), stop: stopper(child) }
}

export interface FerryServer {
  url: string
  /** The server process, for its CPU time (cpu-by-process.ts). */
  pid: number
  /** Starts a new RSS peak; the RSS now (bytes). */
  resetPeak(): Promise<number>
  /** The peak RSS since the last reset (bytes). */
  peak(): Promise<number>
  stop(): Promise<void>
}

/** The real Ferry server (its bundle, as `npm start` runs it) in a child process, configured by `env`; resolves once healthy. */
export async function startFerry(env: Record<string, string>): Promise<FerryServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = fork(path.join(here, 'ferry-server.mjs'), [], {
    cwd: repoRoot,
    stdio: 'inherit',
    // Plain JavaScript: not the parent's --import tsx. To profile the server a benchmark
    // measures: BENCH_FERRY_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
    execArgv: process.env.BENCH_FERRY_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      // No Stripe here: production refuses the test checkout unless asked for it.
      PAYMENTS: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SFTP_PORT: '0', // SFTP (default 2222) only where a test asks for it: parallel servers would collide
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '10000',
      ROOM_JOIN_RATE_LIMIT_PER_IP: '10000',
      ...env,
    },
  })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Ferry exited (${code}) before it was ready`))),
  )
  exited.catch(() => {})
  for (let attempt = 0; ; attempt++) {
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (healthy) break
    if (attempt > 600) throw new Error('Ferry did not become healthy in 60 s')
    await Promise.race([new Promise((r) => setTimeout(r, 100)), exited])
  }
  const ask = <T>(message: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (answer) => resolve(answer as T))
      child.send(message)
    })
  return {
    url,
    pid: child.pid!,
    resetPeak: async () => (await ask<{ rss: number }>('reset')).rss,
    peak: async () => (await ask<{ peak: number }>('peak')).peak,
    stop: stopper(child),
  }
}
