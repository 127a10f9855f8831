import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { like } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { Config } from '../config.js'
import { availablePostgres } from '../testing/services.js'
import { createTestDatabase } from '../testing/test-database.js'
import { openDatabase } from './open-database.js'
import { appSecrets } from './schema/index.js'

// An acknowledged write survives the process being killed outright (SIGKILL: no exit handlers).

const childScript = fileURLToPath(new URL('../testing/durability-child.ts', import.meta.url))
const serverDir = fileURLToPath(new URL('../..', import.meta.url))

/** Starts the writer, waits for `acks` acknowledgements, kills it; returns the highest row it acknowledged. */
async function writeThenKill(config: Config['database'], prefix: string, acks: number): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', childScript], {
    cwd: serverDir,
    env: { ...process.env, FERRY_DURABILITY_DATABASE: JSON.stringify(config), FERRY_DURABILITY_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  let lastAck = -1
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_, signal) => resolve(signal)))
  child.stderr!.on('data', (chunk) => {
    stderr += chunk
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk
      for (const m of stdout.matchAll(/^ACK (\d+)$/gm)) lastAck = Math.max(lastAck, Number(m[1]))
      if (lastAck + 1 >= acks) {
        child.kill('SIGKILL')
        resolve()
      }
    })
    exited.then(() => reject(new Error(`The writer exited before ${acks} acks:\n${stderr}`)))
  })
  expect(await exited).toBe('SIGKILL')
  // Lines already in the pipe when it died were acknowledged too.
  for (const m of stdout.matchAll(/^ACK (\d+)$/gm)) lastAck = Math.max(lastAck, Number(m[1]))
  return lastAck
}

async function rowsWithPrefix(config: Config['database'], prefix: string): Promise<Set<string>> {
  const database = await openDatabase(config)
  try {
    const rows = await database.db
      .select({ name: appSecrets.name })
      .from(appSecrets)
      .where(like(appSecrets.name, `${prefix}-%`))
    return new Set(rows.map((r) => r.name))
  } finally {
    await database.close()
  }
}

function expectAllAcknowledged(rows: Set<string>, prefix: string, lastAck: number) {
  const missing = Array.from({ length: lastAck + 1 }, (_, n) => `${prefix}-${n}`).filter((name) => !rows.has(name))
  expect(missing).toEqual([])
}

describe('durability: PGlite', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))))

  it('keeps every acknowledged write after SIGKILL, twice over', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-durability-'))
    dirs.push(root)
    const config = { kind: 'pglite' as const, dir: path.join(root, 'data', 'db') }
    for (const round of ['first', 'second']) {
      const lastAck = await writeThenKill(config, round, 40)
      expect(lastAck).toBeGreaterThanOrEqual(39)
      expectAllAcknowledged(await rowsWithPrefix(config, round), round, lastAck)
    }
  }, 120_000)
})

describe.skipIf(!(await availablePostgres()))('durability: PostgreSQL', () => {
  it('keeps every acknowledged write after the writer is SIGKILLed', async () => {
    const target = await createTestDatabase('postgres')
    try {
      const config = { kind: 'postgres' as const, url: target.url! }
      const lastAck = await writeThenKill(config, 'pg', 40)
      expectAllAcknowledged(await rowsWithPrefix(config, 'pg'), 'pg', lastAck)
    } finally {
      await target.close()
    }
  }, 60_000)
})
