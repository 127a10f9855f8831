// `npm run bench:api [-- --seconds 10 --rounds 3 --connections 16 --databases postgres,pglite]`
//
// Requests per second and latency of GET /api/share/{id} (a visitor opening a share link)
// on the real server (main.ts) in a child process, on PostgreSQL (a fresh database on
// 127.0.0.1:5432, dropped after) and on PGlite. The load comes from a generator of our own in
// a separate process (keep-alive connections, each sending the next request when the last
// answered, for a fixed time). In the same run the same generator measures the ceiling, a
// bare Node server answering a fixed small JSON, and each figure is printed against it (medians
// of rounds whose order alternates: other work on the shared machine makes single runs noisy).
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { type FerryServer, startChild, startFerry } from './lib/processes.js'
import { median, quantile } from './lib/stats.js'
import { createTransfer, uploadSlice } from './lib/transfer-client.js'
import { createUploadClient, registerBenchUser } from './lib/upload-client.js'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '3' },
    databases: { type: 'string', default: 'postgres,pglite' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
})
const seconds = Number(args.seconds)
const connections = Number(args.connections)
const rounds = Number(args.rounds)
const databases = args.databases.split(',').map((s) => s.trim()) as ('postgres' | 'pglite')[]

interface Load {
  requests: number
  errors: number
  seconds: number
  latencies: number[]
}

interface Figures {
  perSecond: number
  p50: number
  p99: number
  p999: number
  errors: number
}

async function load(url: string, forSeconds: number): Promise<Figures> {
  const generator = await startChild<Load>(
    'load-generator.mjs',
    [url, String(connections), String(forSeconds)],
    'The load generator',
  )
  await generator.stop()
  const { requests, errors, latencies } = generator.info
  return {
    perSecond: requests / generator.info.seconds,
    p50: median(latencies),
    p99: quantile(latencies, 0.99),
    p999: quantile(latencies, 0.999),
    errors,
  }
}

const format = (f: Figures) =>
  `${f.perSecond.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  p99.9 ${f.p999.toFixed(1)} ms` +
  (f.errors ? `  ${f.errors} ERRORS` : '')

/** A transfer of one small file; the URL of its share record. */
async function shareUrl(ferry: FerryServer, dataDir: string): Promise<string> {
  const client = createUploadClient(ferry.url, await registerBenchUser(ferry.url, dataDir))
  const file = path.join(import.meta.dirname, 'lib', 'json-server.mjs')
  const uploaded = await uploadSlice(client, file, { start: 0, end: 99 }, 'small.txt')
  const id = await createTransfer(client, [uploaded], 'API benchmark')
  const url = `${ferry.url}/api/share/${id}`
  const response = await fetch(url)
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
  return url
}

/** A new, uniquely named database on the PostgreSQL server of --postgres-url; its URL and how to drop it. */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ferry_bench_${process.pid}_${Date.now()}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: args['postgres-url'] })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(args['postgres-url'])
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/** Ferry on a fresh PGlite folder, or on PostgreSQL at `databaseUrl`; removes its folder when stopped. */
async function startFerryOn(databaseUrl?: string): Promise<Target> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ferry-bench-api-'))
  const ferry = await startFerry({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) })
  return {
    url: await shareUrl(ferry, dataDir),
    stop: async () => {
      await ferry.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

interface Target {
  url: string
  stop(): Promise<void>
}

const medianFigures = (all: Figures[]): Figures => ({
  perSecond: median(all.map((f) => f.perSecond)),
  p50: median(all.map((f) => f.p50)),
  p99: median(all.map((f) => f.p99)),
  p999: median(all.map((f) => f.p999)),
  errors: all.reduce((sum, f) => sum + f.errors, 0),
})

/** Every target warmed up, then `rounds` measured rounds whose order alternates; the medians. */
async function runRounds(targets: Map<string, Target>): Promise<Map<string, Figures>> {
  const samples = new Map<string, Figures[]>([...targets.keys()].map((name) => [name, []]))
  for (const target of targets.values()) await load(target.url, Number(args.warmup))
  for (let round = 0; round < rounds; round++) {
    const names = [...targets.keys()]
    for (const name of round % 2 ? names.reverse() : names) {
      const figures = await load(targets.get(name)!.url, seconds)
      samples.get(name)!.push(figures)
      console.log(`  round ${round + 1} ${name.padEnd(9)} ${format(figures)}`)
    }
  }
  return new Map([...samples].map(([name, all]) => [name, medianFigures(all)]))
}

const targets = new Map<string, Target>()
let dropDatabase: (() => Promise<void>) | undefined
try {
  const ceiling = await startChild<{ port: number }>('json-server.mjs', [], 'The JSON server')
  targets.set('ceiling', { url: `http://127.0.0.1:${ceiling.info.port}/`, stop: ceiling.stop })
  for (const database of databases) {
    if (database === 'postgres') {
      const created = await createPostgresDatabase()
      dropDatabase = created.drop
      targets.set(database, await startFerryOn(created.url))
    } else {
      targets.set(database, await startFerryOn())
    }
  }
  const results = await runRounds(targets)
  const ceilingFigures = results.get('ceiling')!
  const lines = [
    `=== Share API benchmark (${new Date().toISOString()}): GET /api/share/{id}, ${connections} connections, ` +
      `medians of ${rounds} rounds of ${seconds} s`,
    `  ceiling: bare Node, fixed JSON  ${format(ceilingFigures)}`,
  ]
  for (const database of databases) {
    const figures = results.get(database)!
    // Targets: PostgreSQL from the scale-out work; PGlite, the default install, from issue 24 item 6.
    const verdict =
      database === 'postgres'
        ? `  (${figures.perSecond >= 2000 ? 'meets' : 'MISSES'} ≥ 2000 req/s, ` +
          `${figures.p99 < 50 ? 'meets' : 'MISSES'} p99 < 50 ms)`
        : `  (${figures.perSecond >= 2500 ? 'meets' : 'MISSES'} ≥ 2500 req/s, ` +
          `${figures.p999 < 100 ? 'meets' : 'MISSES'} p99.9 < 100 ms)`
    lines.push(
      `  Ferry on ${database.padEnd(21)} ${format(figures)}  ` +
        `${(figures.perSecond / ceilingFigures.perSecond).toFixed(2)} of the ceiling${verdict}`,
    )
  }
  console.log(`\n${lines.join('\n')}`)
} finally {
  for (const target of targets.values()) await target.stop()
  await dropDatabase?.()
}
