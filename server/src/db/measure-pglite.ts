/**
 * Measures PGlite's start (a fresh data folder: initdb + migrations; and a reopen) with PGlite's
 * default start parameters and with Ferry's tuned ones: wall time, RSS after open, after some
 * queries, and once idle. Each start runs in a process of its own so RSS is not shared.
 *
 *   cd server && node --import tsx src/db/measure-pglite.ts [--runs 3]
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { loadOrCreateSecret } from '../secrets/secrets.js'
import { openPgliteDatabase, pgliteDefaultStartParams, pgliteTunedStartParams } from './pglite-database.js'

const variants: Record<string, { startParams: string[]; initdbInChild: boolean }> = {
  default: { startParams: pgliteDefaultStartParams, initdbInChild: false },
  'tuned params': { startParams: pgliteTunedStartParams, initdbInChild: false },
  'tuned + initdb in child': { startParams: pgliteTunedStartParams, initdbInChild: true },
}

interface Sample {
  openMs: number
  rssBeforeMb: number
  rssOpenMb: number
  rssQueriesMb: number
  rssIdleMb: number
}

const mb = () => Math.round(process.memoryUsage().rss / 1048576)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function measureOnce(variant: string, dir: string): Promise<Sample> {
  const options = variants[variant]
  if (!options) throw new Error(`Unknown variant ${variant}`)
  const rssBeforeMb = mb()
  const started = performance.now()
  const database = await openPgliteDatabase({ dir, ...options })
  const openMs = Math.round(performance.now() - started)
  const rssOpenMb = mb()
  await database.db.execute(sql`create table if not exists bench_rows (id serial primary key, body text not null)`)
  for (let i = 0; i < 200; i++) {
    await database.db.execute(sql`insert into bench_rows (body) values (${'x'.repeat(500)})`)
  }
  await database.db.execute(sql`select count(*), max(length(body)) from bench_rows`)
  await loadOrCreateSecret(database.db, 'bench')
  const rssQueriesMb = mb()
  // Idle: what a quiet server holds once the collector ran.
  globalThis.gc?.()
  await sleep(1_000)
  globalThis.gc?.()
  const rssIdleMb = mb()
  await database.close()
  return { openMs, rssBeforeMb, rssOpenMb, rssQueriesMb, rssIdleMb }
}

function runChild(variant: string, dir: string): Sample {
  const self = fileURLToPath(import.meta.url)
  const out = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', self, '--child', variant, dir], {
    encoding: 'utf8',
  })
  if (out.status !== 0) throw new Error(`measurement failed:\n${out.stderr}`)
  return JSON.parse(out.stdout.trim().split('\n').at(-1) ?? '')
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

async function folderMb(dir: string): Promise<number> {
  let bytes = 0
  for (const file of await fs.readdir(dir, { recursive: true })) {
    const stat = await fs.stat(path.join(dir, file))
    if (stat.isFile()) bytes += stat.size
  }
  return Math.round(bytes / 1048576)
}

async function main() {
  const args = process.argv.slice(2)
  if (args[0] === '--child') {
    console.log(JSON.stringify(await measureOnce(args[1] ?? '', args[2] ?? '')))
    return
  }
  const runs = Number(args[args.indexOf('--runs') + 1]) || 3
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-pglite-measure-'))
  try {
    const rows: Record<string, string | number>[] = []
    for (const variant of Object.keys(variants)) {
      const fresh: Sample[] = []
      const reopen: Sample[] = []
      let size = 0
      for (let run = 0; run < runs; run++) {
        const dir = path.join(root, `${variant.replace(/\W+/g, '-')}-${run}`)
        fresh.push(runChild(variant, dir))
        reopen.push(runChild(variant, dir))
        size = await folderMb(dir)
      }
      for (const [start, samples] of [
        ['fresh', fresh],
        ['reopen', reopen],
      ] as const) {
        rows.push({
          variant,
          start,
          'open ms': median(samples.map((s) => s.openMs)),
          'RSS before MB': median(samples.map((s) => s.rssBeforeMb)),
          'RSS open MB': median(samples.map((s) => s.rssOpenMb)),
          'RSS queries MB': median(samples.map((s) => s.rssQueriesMb)),
          'RSS idle MB': median(samples.map((s) => s.rssIdleMb)),
          'folder MB': size,
        })
      }
    }
    console.log(`PGlite start, median of ${runs} runs (Node ${process.version}, ${os.cpus().length} cores)`)
    console.table(rows)
  } finally {
    await fs.rm(root, { recursive: true, force: true })
  }
}

await main()
