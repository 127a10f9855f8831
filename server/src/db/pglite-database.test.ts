import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPgliteDatabase, type PgliteDatabase } from './pglite-database.js'
import { appSecrets } from './schema/index.js'

describe('PGlite driver', () => {
  let root: string
  let dir: string
  let database: PgliteDatabase | undefined

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-pglite-'))
    dir = path.join(root, 'not', 'yet', 'there', 'db')
    database = await openPgliteDatabase({ dir })
  })
  afterAll(async () => {
    await database?.close()
    await fs.rm(root, { recursive: true, force: true })
  })

  it('creates the data folder and its parents', async () => {
    await expect(fs.readFile(path.join(dir, 'PG_VERSION'), 'utf8')).resolves.toMatch(/^\d+/)
  })

  it('runs with the tuned settings, in UTC', async () => {
    const result = await database!.db.execute<{ name: string; setting: string }>(
      sql`select name, setting from pg_settings where name in ('shared_buffers', 'max_wal_size', 'TimeZone') order by name`,
    )
    expect(Object.fromEntries(result.rows.map((r) => [r.name, r.setting]))).toEqual({
      TimeZone: 'UTC',
      max_wal_size: '64',
      shared_buffers: '2048', // 8 kB pages: 16 MB
    })
  })

  it('refuses a second open of the same folder while the first is open', async () => {
    await expect(openPgliteDatabase({ dir })).rejects.toThrow(/already open/)
    const other = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./src/db/pglite-database.ts').then(m => m.openPgliteDatabase({ dir: ${JSON.stringify(dir)} }))`,
      ],
      { cwd: new URL('../..', import.meta.url), encoding: 'utf8' },
    )
    expect(other.status).not.toBe(0)
    expect(other.stderr).toMatch(new RegExp(`in use by process ${process.pid}`))
  })

  it('keeps its rows across a close and reopen, and frees the folder on close', async () => {
    await database!.db.insert(appSecrets).values({ name: 'kept', value: 'v' })
    await database!.close()
    await expect(fs.access(`${dir}.lock`)).rejects.toThrow()
    database = await openPgliteDatabase({ dir })
    const rows = await database.db.select().from(appSecrets)
    expect(rows.map((r) => r.name)).toContain('kept')
  })

  it('takes over a lock left by a process that died', async () => {
    await database!.close()
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
    await fs.writeFile(`${dir}.lock`, dead.stdout.trim())
    database = await openPgliteDatabase({ dir })
    await expect(database.check()).resolves.toBeUndefined()
    expect(await fs.readFile(`${dir}.lock`, 'utf8')).toBe(String(process.pid))
  })
})
