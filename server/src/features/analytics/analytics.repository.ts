import type { AnalyticsBucket } from '@ferry/contracts/api/analytics'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import type { Period } from './analytics-period.js'
import { reachingKindsSql } from './event-rollup.js'

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value))
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string))
const bucketSeconds = (bucket: AnalyticsBucket) => (bucket === 'hour' ? 3600 : 86400)

/** The start of an event's bucket, in epoch seconds (UTC), computed in the database. */
const bucketOf = (bucket: AnalyticsBucket) =>
  sql.raw(`(floor(extract(epoch from occurred_at) / ${bucketSeconds(bucket)}) * ${bucketSeconds(bucket)})::bigint`)

const ofTransfer = (transferId: string) => sql`e.transfer_id = ${transferId}`
const ofAccount = (userId: string, period: Period) =>
  sql`e.user_id = ${userId} and e.occurred_at >= ${period.from.toISOString()} and e.occurred_at < ${period.to.toISOString()}`

/**
 * An abort that a later request of the same download completed is no abort: the client resumed.
 * (Ranges and resumes of one download share its `download_key`, see event-log.ts.)
 */
const abortStands = sql`not exists (
  select 1 from transfer_events c
  where c.transfer_id = e.transfer_id and c.download_key = e.download_key
    and c.kind = 'download_completed' and c.id > e.id)`

/**
 * What the account panel reads a period from: the daily roll-up for the whole UTC days of
 * `rolled` (event-rollup.ts), the event log for the rest of `period`; `rolled` null: the log only.
 */
export interface PanelSource {
  period: Period
  rolled: Period | null
}

const utcDate = (at: Date) => at.toISOString().slice(0, 10)

/**
 * The parts of the period the roll-up does not hold (before and after its whole days), each a
 * simple time range: the account's index answers each with a range scan, where one OR of the two
 * would read the account's every event.
 */
function unrolledRanges({ period, rolled }: PanelSource): Period[] {
  if (!rolled) return [period]
  return [
    { from: period.from, to: rolled.from },
    { from: rolled.to, to: period.to },
  ].filter((range) => range.from < range.to)
}

/** `select …` of the account's events in each range not rolled up, as one `union all`. */
function unrolledEvents(userId: string, source: PanelSource, select: (where: SQL) => SQL): SQL | null {
  const parts = unrolledRanges(source).map((range) => select(ofAccount(userId, range)))
  return parts.length ? sql.join(parts, sql` union all `) : null
}

/** The roll-up's rows of the account's rolled days. */
const rolledDays = (userId: string, rolled: Period) =>
  sql`d.user_id = ${userId} and d.day >= ${utcDate(rolled.from)}::date and d.day < ${utcDate(rolled.to)}::date`

/**
 * The period's completed downloads as rows of (transfer_id, at, country, device, browser, completed,
 * bytes) to be summed: a roll-up row per day and `dimension` (the grouping the caller sums by), and
 * one row per download of the days not rolled up. `at` is the bucket's start in epoch seconds.
 */
function completedRows(
  userId: string,
  source: PanelSource,
  dimension: 'transfer' | 'country' | 'device',
  bucket: AnalyticsBucket = 'day',
) {
  const raw = unrolledEvents(
    userId,
    source,
    (where) => sql`
      select e.transfer_id, ${bucketOf(bucket)} as at, e.country, e.device, e.browser, 1 as completed, coalesce(e.bytes, 0) as bytes
      from transfer_events e where ${where} and e.kind = 'download_completed'`,
  )
  const rolled = source.rolled
    ? sql`
      select d.transfer_id, (d.day - date '1970-01-01')::bigint * 86400 as at, d.country, d.device, d.browser, d.completed, d.bytes
      from transfer_event_days d where ${rolledDays(userId, source.rolled)} and d.dimension = ${dimension}`
    : null
  return unionAll(rolled, raw)
}

/** The parts there are (a period always has one: rolled days, or events, or both), as one `union all`. */
function unionAll(...parts: (SQL | null)[]): SQL {
  return sql.join(
    parts.filter((part): part is SQL => part !== null),
    sql` union all `,
  )
}

/**
 * How many distinct recipients the period reached. Distinct counts do not add up over days: of the
 * roll-up's rows, only each recipient's first in the rolled days counts (its previous day lies
 * before them); of the events not rolled up, each recipient not among those rows.
 */
function reachedRecipients(userId: string, source: PanelSource) {
  const raw = unrolledEvents(
    userId,
    source,
    (where) => sql`
      select e.recipient_id from transfer_events e
      where ${where} and e.recipient_id is not null and e.kind in (${reachingKindsSql})`,
  )
  const { rolled } = source
  if (!rolled) return sql`select count(distinct recipient_id) as reached from (${raw}) r`
  const firstDay = utcDate(rolled.from)
  const rolledCount = sql`
    select count(*) from transfer_event_recipient_days d
    where ${rolledDays(userId, rolled)} and (d.previous_day is null or d.previous_day < ${firstDay}::date)`
  if (!raw) return sql`select (${rolledCount}) as reached`
  return sql`
    select (${rolledCount}) + (
      select count(distinct r.recipient_id) from (${raw}) r
      where not exists (
        select 1 from transfer_event_recipient_days d
        where ${rolledDays(userId, rolled)} and d.recipient_id = r.recipient_id)
    ) as reached`
}

export interface CountRow {
  key: string
  downloads: number
}

/** The queries analytics reads the event log with; every one is bounded by a transfer, or an account and period. */
export function createAnalyticsRepository(db: Db) {
  async function rows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
    return (await db.execute<Record<string, unknown>>(query)).rows as T[]
  }

  /** Completed downloads by one column (country, or device and browser), most first. */
  async function completedBy(where: SQL, columns: 'country' | 'device') {
    const group = columns === 'country' ? sql`country` : sql`device, browser`
    return rows(sql`
      select ${group}, count(*) as downloads from transfer_events e
      where ${where} and kind = 'download_completed'
      group by ${group} order by downloads desc, ${group} limit 50`)
  }

  return {
    async transferTotals(transferId: string) {
      const [row] = await rows(sql`
        select
          count(*) filter (where kind = 'download_started') as started,
          count(*) filter (where kind = 'download_completed') as completed,
          count(*) filter (where kind = 'download_aborted' and (download_key is null or ${abortStands})) as aborted,
          count(*) filter (where kind = 'preview') as previews,
          count(*) filter (where kind = 'page_view') as page_views,
          count(*) filter (where kind = 'wrong_password') as wrong_passwords,
          coalesce(sum(bytes) filter (where kind = 'download_completed'), 0) as bytes
        from transfer_events e where ${ofTransfer(transferId)}`)
      return {
        started: num(row?.started),
        completed: num(row?.completed),
        aborted: num(row?.aborted),
        previews: num(row?.previews),
        pageViews: num(row?.page_views),
        wrongPasswords: num(row?.wrong_passwords),
        bytes: num(row?.bytes),
      }
    },

    /** The first time each recipient reached each step. */
    async recipientFunnel(transferId: string) {
      const found = await rows(sql`
        select r.id, r.email, r.first_accessed_at,
          min(e.occurred_at) filter (where e.kind = 'page_view') as opened,
          min(e.occurred_at) filter (where e.kind = 'preview') as previewed,
          min(e.occurred_at) filter (where e.kind = 'download_started') as downloaded,
          min(e.occurred_at) filter (where e.kind = 'download_completed') as completed
        from transfer_recipients r
        left join transfer_events e on e.transfer_id = r.transfer_id and e.recipient_id = r.id
        where r.transfer_id = ${transferId}
        group by r.id, r.email, r.first_accessed_at, r.position
        order by r.position`)
      return found.map((r) => {
        const opened = [dateOrNull(r.first_accessed_at), dateOrNull(r.opened)].filter((d): d is Date => d !== null)
        return {
          id: String(r.id),
          email: String(r.email),
          openedAt: opened.length ? new Date(Math.min(...opened.map((d) => d.getTime()))) : null,
          previewedAt: dateOrNull(r.previewed),
          downloadedAt: dateOrNull(r.downloaded),
          completedAt: dateOrNull(r.completed),
        }
      })
    },

    /** Started and completed downloads per bucket (only buckets with any). */
    async transferOverTime(transferId: string, bucket: AnalyticsBucket) {
      const found = await rows(sql`
        select ${bucketOf(bucket)} as at,
          count(*) filter (where kind = 'download_started') as started,
          count(*) filter (where kind = 'download_completed') as completed
        from transfer_events e
        where ${ofTransfer(transferId)} and kind in ('download_started', 'download_completed')
        group by 1`)
      return found.map((r) => ({ at: num(r.at) * 1000, started: num(r.started), completed: num(r.completed) }))
    },

    /** Started and completed downloads per file (null: the ZIP). */
    async transferFiles(transferId: string) {
      const found = await rows(sql`
        select file_id,
          count(*) filter (where kind = 'download_started') as started,
          count(*) filter (where kind = 'download_completed') as completed
        from transfer_events e
        where ${ofTransfer(transferId)} and kind in ('download_started', 'download_completed')
        group by file_id`)
      return found.map((r) => ({
        fileId: r.file_id === null ? null : String(r.file_id),
        started: num(r.started),
        completed: num(r.completed),
      }))
    },

    transferCountries: (transferId: string) => completedBy(ofTransfer(transferId), 'country'),
    transferDevices: (transferId: string) => completedBy(ofTransfer(transferId), 'device'),

    async accountTotals(userId: string, source: PanelSource) {
      const { period } = source
      // Three independent reads, each on its own connection: the slowest sets the time.
      const [[row], [reached], [sent]] = await Promise.all([
        rows(sql`
          select coalesce(sum(completed), 0) as completed, coalesce(sum(bytes), 0) as bytes
          from (${completedRows(userId, source, 'transfer')}) c`),
        rows(reachedRecipients(userId, source)),
        rows(sql`
          select count(*) as sent from transfers
          where user_id = ${userId} and created_at >= ${period.from.toISOString()} and created_at < ${period.to.toISOString()}`),
      ])
      return {
        transfersSent: num(sent?.sent),
        recipientsReached: num(reached?.reached),
        completed: num(row?.completed),
        bytes: num(row?.bytes),
      }
    },

    async accountOverTime(userId: string, source: PanelSource, bucket: AnalyticsBucket) {
      const { period } = source
      const downloads = await rows(sql`
        select at, sum(completed) as completed, sum(bytes) as bytes
        from (${completedRows(userId, source, 'transfer', bucket)}) c
        group by at`)
      const sent = await rows(sql`
        select ${sql.raw(`(floor(extract(epoch from created_at) / ${bucketSeconds(bucket)}) * ${bucketSeconds(bucket)})::bigint`)} as at,
          count(*) as sent
        from transfers
        where user_id = ${userId} and created_at >= ${period.from.toISOString()} and created_at < ${period.to.toISOString()}
        group by 1`)
      return {
        downloads: downloads.map((r) => ({ at: num(r.at) * 1000, completed: num(r.completed), bytes: num(r.bytes) })),
        sent: sent.map((r) => ({ at: num(r.at) * 1000, sent: num(r.sent) })),
      }
    },

    async busiestTransfers(userId: string, source: PanelSource, limit = 10) {
      const found = await rows(sql`
        select c.transfer_id, t.title, sum(c.completed) as completed, sum(c.bytes) as bytes
        from (${completedRows(userId, source, 'transfer')}) c join transfers t on t.id = c.transfer_id
        group by c.transfer_id, t.title
        order by completed desc, bytes desc, c.transfer_id limit ${limit}`)
      return found.map((r) => ({
        transferId: String(r.transfer_id),
        title: String(r.title),
        completed: num(r.completed),
        bytes: num(r.bytes),
      }))
    },

    accountCountries: (userId: string, source: PanelSource) =>
      rows(sql`
        select country, sum(completed) as downloads from (${completedRows(userId, source, 'country')}) c
        group by country order by downloads desc, country limit 50`),
    accountDevices: (userId: string, source: PanelSource) =>
      rows(sql`
        select device, browser, sum(completed) as downloads from (${completedRows(userId, source, 'device')}) c
        group by device, browser order by downloads desc, device, browser limit 50`),

    /**
     * One page of events for the CSV, oldest first, after the last one of the previous page
     * (keyset on occurred_at and id, so every page reads the index from where the last stopped).
     */
    async eventsPage(
      scope: { transferId: string } | { userId: string; period: Period },
      after: { occurredAt: string; id: number } | null,
      limit: number,
    ) {
      const where = 'transferId' in scope ? ofTransfer(scope.transferId) : ofAccount(scope.userId, scope.period)
      const from = after ? sql`and (e.occurred_at, e.id) > (${after.occurredAt}::timestamptz, ${after.id})` : sql``
      return rows<EventCsvRow>(sql`
        select e.id, e.occurred_at, e.occurred_at::text as cursor_at, e.transfer_id, t.title as transfer_title, e.kind, e.protocol, e.file_id,
          f.file_name, r.email as recipient_email, e.bytes, e.duration_ms, e.device, e.browser, e.country
        from transfer_events e
        join transfers t on t.id = e.transfer_id
        left join transfer_files f on f.id = e.file_id
        left join transfer_recipients r on r.id = e.recipient_id
        where ${where} ${from}
        order by e.occurred_at, e.id
        limit ${limit}`)
    },

    /** Forgets the address prefix and hash of events older than `before`; answers how many rows it changed. */
    async forgetAddressesBefore(before: Date, batch = 5000): Promise<number> {
      let total = 0
      for (;;) {
        const changed = await rows(sql`
          update transfer_events set address_prefix = null, address_hash = null
          where id in (
            select id from transfer_events
            where (address_hash is not null or address_prefix is not null) and occurred_at < ${before.toISOString()}
            limit ${batch})
          returning id`)
        total += changed.length
        if (changed.length < batch) return total
      }
    },
  }
}

export interface EventCsvRow {
  id: number | string
  occurred_at: string | Date
  /** occurred_at as the database writes it, to the microsecond: where the next page starts. */
  cursor_at: string
  transfer_id: string
  transfer_title: string
  kind: string
  protocol: string | null
  file_id: string | null
  file_name: string | null
  recipient_email: string | null
  bytes: number | string | null
  duration_ms: number | null
  device: string
  browser: string
  country: string
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>
