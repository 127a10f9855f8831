import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../testing/free-port.js'

/** A PostgreSQL server of the test's own, so faults (stop, crash, restart) touch nothing shared. */
export interface OwnPostgres {
  /** postgres://… of its `postgres` database. */
  url: string
  port: number
  /** Stops it; `immediate` is a crash (no checkpoint, connections cut). */
  stop(mode?: 'fast' | 'immediate'): void
  start(): void
  /** Stops it for good and deletes its folder. */
  destroy(): void
}

function binDir(): string {
  const fromEnv = process.env.PG_BIN
  if (fromEnv) return fromEnv
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  for (const version of versions) {
    const dir = path.join(root, version, 'bin')
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir
  }
  throw new Error('No PostgreSQL server binaries (initdb, pg_ctl) found: install PostgreSQL or set PG_BIN.')
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function runner(): { run(bin: string, args: string[]): void; own(dir: string): void } {
  const root = process.getuid?.() === 0
  const uid = root ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined
  const gid = root ? Number(execFileSync('id', ['-g', 'postgres']).toString()) : undefined
  return {
    run(bin, args) {
      const result = root
        ? spawnSync('runuser', ['-u', 'postgres', '--', bin, ...args], { encoding: 'utf8' })
        : spawnSync(bin, args, { encoding: 'utf8' })
      if (result.status !== 0) {
        throw new Error(`${path.basename(bin)} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
      }
    },
    own(dir) {
      if (uid !== undefined && gid !== undefined) fs.chownSync(dir, uid, gid)
    },
  }
}

/** initdb into a temp folder and start it on a free port of 127.0.0.1 (fsync off: a test server). */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir()
  const as = runner()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-cluster-pg-'))
  as.own(dir)
  const data = path.join(dir, 'data')
  const port = await freePort()
  as.run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`
  const pgCtl = (...args: string[]) => as.run(path.join(bin, 'pg_ctl'), ['-D', data, ...args])
  const start = () => pgCtl('-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start')
  start()
  let running = true
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop(mode = 'fast') {
      pgCtl('-m', mode, '-w', 'stop')
      running = false
    },
    start() {
      start()
      running = true
    },
    destroy() {
      if (running) {
        try {
          pgCtl('-m', 'immediate', '-w', 'stop')
        } catch {
          // Already gone.
        }
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
