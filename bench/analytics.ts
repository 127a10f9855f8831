// `npm run bench:analytics [-- --events 1000000 --samples 40 --postgres-url postgres://postgres@127.0.0.1:5432/postgres]`
//
// Issue 21 on PostgreSQL with one million events in the event log, all of one Business account
// (the worst case: every event is that panel's), spread over the last year:
// - the roll-up job (decision 0031) over the whole year, timed;
// - the account panel, GET /api/analytics/summary (default period, 30 days, and a whole year), its
//   latency p50/p95 over sequential requests to the real server (main.ts in a child process),
//   against a ceiling measured in the same run: the repository's own queries as bare SQL through
//   `pg`, run as the service runs them (in parallel), so the ratio is what Ferry adds (HTTP, auth,
//   plan check, JSON); beside them, the same queries on the event log alone (no roll-up);
// - the CSV export of the whole year (every event), GET /api/analytics/events.csv: rows per second
//   and the server's peak RSS against its idle RSS (constant memory), against the ceiling of the
//   same rows as PostgreSQL's own `COPY (…) TO STDOUT WITH CSV` read by psql.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { systemClock } from '../server/src/clock.js'
import { openPostgresDatabase, type PostgresDatabase } from '../server/src/db/postgres-database.js'
import { createAnalyticsRepository } from '../server/src/features/analytics/analytics.repository.js'
import type { Period } from '../server/src/features/analytics/analytics-period.js'
import { createEventRollup, rolledWindow } from '../server/src/features/analytics/event-rollup.js'
import { startFerry } from './lib/processes.js'
import { median, quantile } from './lib/stats.js'
import { createTransfer, uploadSlice } from './lib/transfer-client.js'
import { buyBenchPlan, createUploadClient, registerBenchAccount } from './lib/upload-client.js'

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '40' },
    transfers: { type: 'string', default: '12' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
})
const eventCount = Number(args.events)
const samples = Number(args.samples)
const day = 24 * 3600_000

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: args['postgres-url'] })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * One million events of the account's transfers over the last 365 days, written by SQL in one
 * statement. Every seven events are one recipient's visit to one transfer (page view, preview,
 * download started, two completed, an abort and a wrong password) within the same hour, as a visit
 * happens; the visits, about 143,000 recipients, are spread over the year.
 */
async function fillEventLog(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query<{ id: string; file_id: string }>(
    `select t.id, f.id as file_id from transfers t join transfer_files f on f.transfer_id = t.id where t.user_id = $1`,
    [userId],
  )
  const started = performance.now()
  await pool.query(
    `insert into transfer_events (occurred_at, user_id, transfer_id, kind, protocol, file_id, recipient_id, bytes, duration_ms,
       device, browser, country, address_prefix, address_hash, download_key)
     select date_trunc('milliseconds', now() - ((i / 7) * 7919 % 525600) * interval '1 minute' - (i % 7) * interval '7 minutes'),
       $1, (t.ids)[1 + ((i / 7) % array_length(t.ids, 1))],
       (array['page_view','preview','download_started','download_completed','download_completed','download_aborted','wrong_password'])[1 + (i % 7)],
       (array['http','zip','sftp','api'])[1 + (i % 4)],
       (t.files)[1 + ((i / 7) % array_length(t.files, 1))],
       case when i % 7 < 5 then md5('recipient-' || (i / 7))::uuid end,
       case when i % 7 in (3, 4) then 1000 + (i % 5000) * 1024 else null end,
       case when i % 7 in (3, 4, 5) then i % 60000 else null end,
       (array['desktop','mobile','tablet','unknown'])[1 + (i % 4)],
       (array['Chrome','Firefox','Safari','Edge','curl'])[1 + (i % 5)],
       (array['DE','FR','ES','US','GB','JP','BR','unknown'])[1 + (i % 8)],
       '203.0.113.0/24', md5(i::text) || md5((i + 1)::text), md5((i / 3)::text)
     from generate_series(1, $2::int) as i,
       (select $3::uuid[] as ids, $4::uuid[] as files) as t`,
    [userId, eventCount, rows.map((r) => r.id), rows.map((r) => r.file_id)],
  )
  // As autovacuum leaves an append-only table after inserts: visible to index-only scans.
  await pool.query('vacuum analyze transfer_events')
  return (performance.now() - started) / 1000
}

/**
 * The roll-up job's work (what the hourly `roll-up-events` runs), from scratch: the events above
 * were written back-dated, after the server's first run may have found none.
 */
async function rollUp(database: PostgresDatabase) {
  await database.pool.query('delete from transfer_event_days; delete from transfer_event_recipient_days')
  await database.pool.query('update transfer_event_rollup set rolled_until = null')
  const started = performance.now()
  const { days } = await createEventRollup(database.db, systemClock).rollUp()
  const seconds = (performance.now() - started) / 1000
  await database.pool.query('vacuum analyze transfer_event_days, transfer_event_recipient_days')
  const { rows } = await database.pool.query<{ days: string; recipients: string }>(
    `select (select count(*) from transfer_event_days) as days, (select count(*) from transfer_event_recipient_days) as recipients`,
  )
  return { days, seconds, rows: Number(rows[0]!.days), recipientRows: Number(rows[0]!.recipients) }
}

/**
 * The panel's queries as bare SQL: analytics.repository.ts's own, in parallel as the service runs
 * them, without HTTP, sign-in or JSON. `rolled` null: the event log alone, as before the roll-up.
 */
async function bareAggregates(database: PostgresDatabase, userId: string, period: Period, rollup: boolean) {
  const repo = createAnalyticsRepository(database.db)
  const rolledUntil = rollup ? await createEventRollup(database.db, systemClock).rolledUntil() : null
  const source = { period, rolled: rolledWindow(period, rolledUntil, new Date()) }
  return Promise.all([
    repo.accountTotals(userId, source),
    repo.accountOverTime(userId, source, 'day'),
    repo.busiestTransfers(userId, source),
    repo.accountCountries(userId, source),
    repo.accountDevices(userId, source),
  ])
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  await run() // warm the caches and plans once
  const ms: number[] = []
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    await run()
    ms.push(performance.now() - started)
  }
  return ms
}

const latency = (ms: number[]) => `p50 ${median(ms).toFixed(1)} ms  p95 ${quantile(ms, 0.95).toFixed(1)} ms`

/** PostgreSQL's own CSV of the same rows as the export (COPY through psql); seconds and bytes. */
function copyCeiling(
  databaseUrl: string,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ seconds: number; bytes: number }> {
  const query =
    `copy (select e.occurred_at, e.transfer_id, t.title, e.kind, e.protocol, e.file_id, f.file_name, r.email, e.bytes, ` +
    `e.duration_ms, e.device, e.browser, e.country from transfer_events e join transfers t on t.id = e.transfer_id ` +
    `left join transfer_files f on f.id = e.file_id left join transfer_recipients r on r.id = e.recipient_id ` +
    `where e.user_id = '${userId}' and e.occurred_at >= '${from.toISOString()}' and e.occurred_at < '${to.toISOString()}' ` +
    `order by e.occurred_at, e.id) to stdout with csv header`
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const psql = spawn('psql', [databaseUrl, '-X', '-q', '-c', query], { stdio: ['ignore', 'pipe', 'inherit'] })
    let bytes = 0
    psql.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length
    })
    psql.once('error', reject)
    psql.once('exit', (code) =>
      code === 0
        ? resolve({ seconds: (performance.now() - started) / 1000, bytes })
        : reject(new Error(`psql ${code}`)),
    )
  })
}

/** The export read as a client would, counting rows; seconds, bytes and rows. */
async function exportCsv(url: string, token: string) {
  const started = performance.now()
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`)
  let bytes = 0
  let rows = 0
  for await (const chunk of res.body!) {
    bytes += chunk.length
    for (const byte of chunk as Uint8Array) if (byte === 10) rows++
  }
  return { seconds: (performance.now() - started) / 1000, bytes, rows: rows - 1 }
}

const name = `ferry_bench_analytics_${process.pid}_${Date.now()}`
const databaseUrl = (() => {
  const url = new URL(args['postgres-url'])
  url.pathname = `/${name}`
  return url.toString()
})()
await admin(`CREATE DATABASE ${name}`)
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ferry-bench-analytics-'))
// A new account sends a dozen transfers here: the send throttles (tested on their own) are lifted.
const ferry = await startFerry({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SEND_TRANSFERS_PER_HOUR: '1000',
  SEND_RECIPIENT_EMAILS_PER_HOUR: '1000',
  SEND_NEW_ACCOUNT_TRANSFERS_PER_DAY: '1000',
  SEND_NEW_ACCOUNT_RECIPIENT_EMAILS_PER_DAY: '1000',
})
const database = await openPostgresDatabase({ url: databaseUrl, max: 8, migrate: false, statementTimeoutMs: 0 })
const pool = database.pool
try {
  const account = await registerBenchAccount(ferry.url, dataDir)
  await buyBenchPlan(ferry.url, account, 'business')
  const client = createUploadClient(ferry.url, account.token)
  const file = path.join(import.meta.dirname, 'lib', 'json-server.mjs')
  for (let i = 0; i < Number(args.transfers); i++) {
    const uploaded = await uploadSlice(client, file, { start: 0, end: 99 }, `file-${i}.txt`)
    await createTransfer(client, [uploaded], `Transfer ${i}`)
  }
  const fillSeconds = await fillEventLog(pool, account.userId)
  console.log(`${eventCount.toLocaleString('en')} events written in ${fillSeconds.toFixed(1)} s`)
  const rolled = await rollUp(database)
  console.log(`roll-up: ${rolled.days} days in ${rolled.seconds.toFixed(1)} s`)

  const now = new Date()
  const lines = [
    `=== Analytics benchmark (${now.toISOString()}): PostgreSQL, ${eventCount.toLocaleString('en')} events of one account over a year`,
  ]
  lines.push(
    `  roll-up job: ${rolled.days} days rolled in ${rolled.seconds.toFixed(1)} s into ${rolled.rows.toLocaleString('en')} ` +
      `daily rows and ${rolled.recipientRows.toLocaleString('en')} recipient-day rows`,
  )
  for (const [label, days] of [
    ['30 days (default)', 30],
    ['365 days', 365],
  ] as const) {
    const from = new Date(now.getTime() - days * day)
    const to = new Date(now.getTime() + day)
    const query = days === 30 ? '' : `?from=${from.toISOString()}&to=${to.toISOString()}`
    const panelUrl = `${ferry.url}/api/analytics/summary${query}`
    const panel = await timed(async () => {
      const res = await fetch(panelUrl, { headers: { authorization: `Bearer ${account.token}` } })
      if (res.status !== 200) throw new Error(`${panelUrl} answered ${res.status}: ${await res.text()}`)
      await res.json()
    })
    // The default period ends at the request's now; the bare queries end at the bench's, a moment earlier.
    const period = { from, to: days === 30 ? new Date() : to }
    const bare = await timed(() => bareAggregates(database, account.userId, period, true))
    const logOnly = await timed(() => bareAggregates(database, account.userId, period, false))
    const p95 = quantile(panel, 0.95)
    lines.push(
      `  panel, ${label.padEnd(17)} Ferry ${latency(panel)}  ceiling (the same SQL through pg) ${latency(bare)}  ` +
        `ratio ${(quantile(bare, 0.95) / p95).toFixed(2)}  (${p95 < 200 ? 'meets' : 'MISSES'} p95 < 200 ms); ` +
        `without the roll-up the SQL alone takes ${latency(logOnly)}`,
    )
  }

  // Constant memory: the server's RSS growth for the 30-day export and for the whole year's
  // (about twelve times the rows) should be the same.
  const csvUrl = (from: Date, to: Date) =>
    `${ferry.url}/api/analytics/events.csv?from=${from.toISOString()}&to=${to.toISOString()}`
  const idle = await ferry.resetPeak()
  const month = await exportCsv(csvUrl(new Date(now.getTime() - 30 * day), now), account.token)
  const monthPeak = await ferry.peak()
  const from = new Date(now.getTime() - 366 * day)
  const to = new Date(now.getTime() + day)
  const idleAgain = await ferry.resetPeak()
  const csv = await exportCsv(csvUrl(from, to), account.token)
  const peak = await ferry.peak()
  const copy = await copyCeiling(databaseUrl, account.userId, from, to)
  const rate = csv.rows / csv.seconds
  const copyRate = eventCount / copy.seconds
  const mbOf = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`
  const constant = peak - idleAgain <= 1.25 * (monthPeak - idle) + 16e6
  lines.push(
    `  CSV export, ${csv.rows.toLocaleString('en')} rows (${mbOf(csv.bytes)}): ${rate.toFixed(0)} rows/s ` +
      `in ${csv.seconds.toFixed(1)} s; ceiling COPY … TO STDOUT through psql ${copyRate.toFixed(0)} rows/s ` +
      `(${mbOf(copy.bytes)} in ${copy.seconds.toFixed(1)} s); ratio ${(rate / copyRate).toFixed(2)}`,
    `  server RSS: idle ${mbOf(idle)}; +${mbOf(monthPeak - idle)} at peak for ${month.rows.toLocaleString('en')} rows ` +
      `(${mbOf(month.bytes)}), +${mbOf(peak - idleAgain)} for ${csv.rows.toLocaleString('en')} rows (${mbOf(csv.bytes)}): ` +
      `${constant ? 'constant memory' : 'GROWS WITH THE EXPORT'}`,
  )
  if (csv.rows !== eventCount) lines.push(`  THE EXPORT HAD ${csv.rows} ROWS, NOT ${eventCount}`)
  console.log(`\n${lines.join('\n')}`)
} finally {
  await database.close()
  await ferry.stop()
  await rm(dataDir, { recursive: true, force: true })
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}
