import {
  type AnalyticsDevice,
  type AnalyticsSummary,
  analyticsCsvColumns,
  analyticsDevices,
  type TransferAnalytics,
} from '@ferry/contracts/api/analytics'
import { and, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { transferFiles, transfers } from '../../db/schema/index.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { type CsvRow, csvStream } from '../../http/csv.js'
import { zipFileName } from '../../http/download/zip-names.js'
import { createAnalyticsRepository, type EventCsvRow, type PanelSource } from './analytics.repository.js'
import { bucketFor, bucketsOf, type Period, parsePeriod } from './analytics-period.js'
import { createEventRollup, rolledWindow } from './event-rollup.js'

/** Rows per page of the CSV: one page is all the export holds in memory. */
const csvPageRows = 2000

const iso = (at: Date | null) => (at ? at.toISOString() : null)
const notFound = () => new AppError('transfer_not_found', 404)
const isUuid = (id: string) => z.uuid().safeParse(id).success

const toCountries = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({ country: String(r.country), downloads: Number(r.downloads) }))
const toDevices = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({
    device: (analyticsDevices as readonly string[]).includes(String(r.device))
      ? (String(r.device) as AnalyticsDevice)
      : 'unknown',
    browser: String(r.browser),
    downloads: Number(r.downloads),
  }))

function csvRow(row: EventCsvRow): CsvRow {
  const at = row.occurred_at instanceof Date ? row.occurred_at : new Date(row.occurred_at)
  return [
    at.toISOString(),
    row.transfer_id,
    row.transfer_title,
    row.kind,
    row.protocol,
    row.file_id,
    row.file_name,
    row.recipient_email,
    row.bytes === null ? null : Number(row.bytes),
    row.duration_ms,
    row.device,
    row.browser,
    row.country,
  ]
}

/**
 * Analytics for senders (issue 21), read from the event log: a transfer's (plan flag
 * `analytics_access`, checked by the route) and the account's over a period (`analytics_panel`).
 */
export function createAnalyticsService(deps: Pick<Deps, 'database' | 'clock'>) {
  const { db } = deps.database
  const repo = createAnalyticsRepository(db)
  const rollup = createEventRollup(db, deps.clock)

  /** The owner's transfer (deleted ones are gone from the owner's view too): 404 for anyone else. */
  async function ownTransfer(userId: string, id: string) {
    if (!isUuid(id)) throw notFound()
    const [row] = await db
      .select({ id: transfers.id, title: transfers.title, createdAt: transfers.createdAt })
      .from(transfers)
      .where(and(eq(transfers.id, id), eq(transfers.userId, userId), isNull(transfers.deletedAt)))
      .limit(1)
    if (!row) throw notFound()
    return row
  }

  /** Pages of CSV rows, each read when the stream wants it. */
  async function* pages(scope: Parameters<typeof repo.eventsPage>[0]) {
    let after: { occurredAt: string; id: number } | null = null
    for (;;) {
      const page = await repo.eventsPage(scope, after, csvPageRows)
      if (page.length === 0) return
      yield page.map(csvRow)
      if (page.length < csvPageRows) return
      const last = page[page.length - 1]!
      // The database's own text of the time: a JavaScript Date would drop its microseconds.
      after = { occurredAt: last.cursor_at, id: Number(last.id) }
    }
  }

  return {
    async transfer(userId: string, id: string): Promise<TransferAnalytics> {
      const transfer = await ownTransfer(userId, id)
      const now = deps.clock.now()
      const lifetime: Period = { from: transfer.createdAt, to: now > transfer.createdAt ? now : transfer.createdAt }
      const bucket = bucketFor(lifetime)
      const [totals, funnel, overTime, files, names, countries, devices] = await Promise.all([
        repo.transferTotals(transfer.id),
        repo.recipientFunnel(transfer.id),
        repo.transferOverTime(transfer.id, bucket),
        repo.transferFiles(transfer.id),
        db
          .select({ id: transferFiles.id, name: transferFiles.fileName })
          .from(transferFiles)
          .where(eq(transferFiles.transferId, transfer.id))
          .orderBy(transferFiles.position),
        repo.transferCountries(transfer.id),
        repo.transferDevices(transfer.id),
      ])
      const byBucket = new Map(overTime.map((b) => [b.at, b]))
      // Every bucket of the transfer's life, and any bucket an event fell in (a clock set back, say).
      const starts = new Set([...bucketsOf(lifetime, bucket).map((d) => d.getTime()), ...byBucket.keys()])
      const byFile = new Map(files.map((f) => [f.fileId, f]))
      const zip = byFile.get(null)
      const removedFiles = files.filter((f) => f.fileId !== null && !names.some((n) => n.id === f.fileId))
      return {
        transfer_id: transfer.id,
        bucket,
        downloads_started: totals.started,
        downloads_completed: totals.completed,
        downloads_aborted: totals.aborted,
        previews: totals.previews,
        page_views: totals.pageViews,
        wrong_passwords: totals.wrongPasswords,
        bytes_delivered: totals.bytes,
        recipients: funnel.map((r) => ({
          recipient_id: r.id,
          email: r.email,
          sent_at: iso(transfer.createdAt),
          opened_at: iso(r.openedAt),
          previewed_at: iso(r.previewedAt),
          downloaded_at: iso(r.downloadedAt),
          completed_at: iso(r.completedAt),
        })),
        over_time: [...starts]
          .sort((a, b) => a - b)
          .map((at) => ({
            at: new Date(at).toISOString(),
            started: byBucket.get(at)?.started ?? 0,
            completed: byBucket.get(at)?.completed ?? 0,
          })),
        files: [
          ...names.map((f) => ({
            file_id: f.id,
            name: f.name,
            started: byFile.get(f.id)?.started ?? 0,
            completed: byFile.get(f.id)?.completed ?? 0,
          })),
          // A file removed from the transfer after it was downloaded keeps its counts.
          ...removedFiles.map((f) => ({ file_id: f.fileId, name: '', started: f.started, completed: f.completed })),
          ...(zip
            ? [{ file_id: null, name: zipFileName(transfer.title), started: zip.started, completed: zip.completed }]
            : []),
        ],
        countries: toCountries(countries),
        devices: toDevices(devices),
      }
    },

    /**
     * The account's panel over a period. Charts by day read the whole days rolled up from the daily
     * roll-up and the rest from the event log; `{ rollup: false }` reads the log alone (the same
     * answer, slower: the tests and the benchmark compare the two).
     */
    async summary(
      userId: string,
      query: { from?: string; to?: string },
      options: { rollup?: boolean } = {},
    ): Promise<AnalyticsSummary> {
      const now = deps.clock.now()
      const period = parsePeriod(query, now)
      const bucket = bucketFor(period)
      // Hourly charts (48 hours at most) need the log's times; a day's roll-up has none finer.
      const rolled =
        bucket === 'day' && options.rollup !== false ? rolledWindow(period, await rollup.rolledUntil(), now) : null
      const source: PanelSource = { period, rolled }
      const [totals, overTime, busiest, countries, devices] = await Promise.all([
        repo.accountTotals(userId, source),
        repo.accountOverTime(userId, source, bucket),
        repo.busiestTransfers(userId, source),
        repo.accountCountries(userId, source),
        repo.accountDevices(userId, source),
      ])
      const downloads = new Map(overTime.downloads.map((b) => [b.at, b]))
      const sent = new Map(overTime.sent.map((b) => [b.at, b.sent]))
      return {
        from: period.from.toISOString(),
        to: period.to.toISOString(),
        bucket,
        transfers_sent: totals.transfersSent,
        recipients_reached: totals.recipientsReached,
        downloads_completed: totals.completed,
        bytes_delivered: totals.bytes,
        over_time: bucketsOf(period, bucket).map((start) => {
          const at = start.getTime()
          return {
            at: start.toISOString(),
            transfers_sent: sent.get(at) ?? 0,
            downloads_completed: downloads.get(at)?.completed ?? 0,
            bytes_delivered: downloads.get(at)?.bytes ?? 0,
          }
        }),
        busiest_transfers: busiest.map((b) => ({
          transfer_id: b.transferId,
          title: b.title,
          downloads_completed: b.completed,
          bytes_delivered: b.bytes,
        })),
        countries: toCountries(countries),
        devices: toDevices(devices),
      }
    },

    /** The transfer's events as a CSV stream (404 for anyone but its owner), and the file's name. */
    async transferCsv(userId: string, id: string) {
      const transfer = await ownTransfer(userId, id)
      return {
        fileName: `ferry-events-${transfer.id}.csv`,
        body: csvStream(analyticsCsvColumns, pages({ transferId: transfer.id })),
      }
    },

    /** The account's events of a period as a CSV stream (the period checked first: 422 before any byte). */
    accountCsv(userId: string, query: { from?: string; to?: string }) {
      const period = parsePeriod(query, deps.clock.now())
      const day = (d: Date) => d.toISOString().slice(0, 10)
      return {
        fileName: `ferry-events-${day(period.from)}-to-${day(new Date(period.to.getTime() - 1))}.csv`,
        body: csvStream(analyticsCsvColumns, pages({ userId, period })),
      }
    },

    /** The retention job's work: addresses (prefix and hash) older than `before` are forgotten. */
    forgetAddressesBefore: (before: Date) => repo.forgetAddressesBefore(before),

    /** The roll-up job's work: every complete UTC day not rolled up yet is (event-rollup.ts). */
    rollUpEvents: () => rollup.rollUp(),
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
