import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The 68 bytes of the EICAR test file: every scanner reports it, and it harms nothing. */
export const eicar = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*', 'latin1')

const clamdBinary = '/usr/sbin/clamd'

/** Whether Debian's clamd is installed (scripts/ensure-services.sh installs it). */
export const clamdInstalled = existsSync(clamdBinary)

/** For tests that need clamd: loud when REQUIRE_SERVICES=1 makes it mandatory. */
export function requireClamdOrSkip(): boolean {
  if (clamdInstalled) return true
  if (process.env.REQUIRE_SERVICES === '1') {
    throw new Error('clamd is required (REQUIRE_SERVICES=1): run scripts/ensure-services.sh')
  }
  console.warn('clamd is not installed (scripts/ensure-services.sh installs it): the virus-scan tests are skipped')
  return false
}

export interface TestClamd {
  /** CLAMAV_URL for this clamd: unix:/tmp/…/clamd.sock */
  url: string
  socketPath: string
  stop(): Promise<void>
  /** Starts it again on the same socket (after stop), for the scanner-down test. */
  start(): Promise<void>
  /** Stops it and removes its folder. */
  dispose(): Promise<void>
}

function pong(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path })
    let reply = ''
    socket.on('data', (d) => {
      reply += d.toString()
    })
    socket.on('error', () => resolve(false))
    socket.on('close', () => resolve(reply.startsWith('PONG')))
    socket.on('connect', () => socket.end('zPING\0'))
  })
}

/**
 * Runs Debian's clamd for a test with a signature database written here (EICAR's MD5, no
 * download), on a unix socket in a temporary folder so parallel tests never share a port.
 */
export async function startTestClamd(options: { streamMaxLength?: string } = {}): Promise<TestClamd> {
  const dir = await mkdtemp(join(tmpdir(), 'ferry-clamd-'))
  const db = join(dir, 'db')
  const socketPath = join(dir, 'clamd.sock')
  await mkdir(db)
  // A hash signature: md5:size:name (ClamAV's .hdb format).
  await writeFile(join(db, 'ferry-test.hdb'), '44d88612fea8a8f36de82e1278abb02f:68:Eicar-Test-Signature\n')
  const config = join(dir, 'clamd.conf')
  await writeFile(
    config,
    [
      'Foreground yes',
      `DatabaseDirectory ${db}`,
      `LocalSocket ${socketPath}`,
      `TemporaryDirectory ${dir}`,
      `LogFile ${join(dir, 'clamd.log')}`,
      `StreamMaxLength ${options.streamMaxLength ?? '25M'}`,
      'MaxThreads 2',
      'ScanPE no',
      'ScanELF no',
      'Bytecode no',
      '',
    ].join('\n'),
  )
  let child: ChildProcess | undefined
  const start = async () => {
    if (child && child.exitCode === null) return
    const started = spawn(clamdBinary, ['--config-file', config], { stdio: ['ignore', 'ignore', 'pipe'] })
    child = started
    let errors = ''
    started.stderr?.on('data', (d) => {
      errors += d.toString()
    })
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`clamd exited: ${errors}`)
      if (existsSync(socketPath) && (await pong(socketPath))) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`clamd did not answer PING within 60 s: ${errors}`)
  }
  const stop = async () => {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    const exited = new Promise((r) => running.once('exit', r))
    running.kill('SIGTERM')
    await exited
    await rm(socketPath, { force: true })
  }
  await start()
  return {
    url: `unix:${socketPath}`,
    socketPath,
    start,
    stop,
    async dispose() {
      await stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
