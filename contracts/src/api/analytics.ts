import { z } from 'zod'

/**
 * Analytics for senders (issue 21): read from the server's own event log, never from client
 * beacons. `analytics_access` opens a transfer's analytics, `analytics_panel` the account's panel.
 */

/** What the event log records. */
export const analyticsEventKinds = [
  'page_view',
  'preview',
  'download_started',
  'download_completed',
  'download_aborted',
  'wrong_password',
  'verification_sent',
  'comment',
] as const
export const analyticsEventKind = z.enum(analyticsEventKinds)
export type AnalyticsEventKind = z.infer<typeof analyticsEventKind>

/** How the bytes left: the share page (http), the ZIP of all files, SFTP or the API (a key). */
export const analyticsProtocols = ['http', 'zip', 'sftp', 'api'] as const
export const analyticsProtocol = z.enum(analyticsProtocols)
export type AnalyticsProtocol = z.infer<typeof analyticsProtocol>

/** Device class from the user agent; `unknown` when none came or it says nothing. */
export const analyticsDevices = ['desktop', 'mobile', 'tablet', 'bot', 'unknown'] as const
export const analyticsDevice = z.enum(analyticsDevices)
export type AnalyticsDevice = z.infer<typeof analyticsDevice>

/** Charts group by hour for a short period (up to 48 hours of data), else by day. */
export const analyticsBucket = z.enum(['hour', 'day'])
export type AnalyticsBucket = z.infer<typeof analyticsBucket>

/** Longest period the panel and the period export accept, in days. */
export const analyticsMaxRangeDays = 400
/** The period when none is given, in days back from now. */
export const analyticsDefaultRangeDays = 30

const isoDateTime = z.iso.datetime({ offset: true })

/** ISO 3166-1 alpha-2 (upper case) or `unknown`. */
export const countryCount = z.object({ country: z.string(), downloads: z.number().int() })
export type CountryCount = z.infer<typeof countryCount>

export const deviceCount = z.object({
  device: analyticsDevice,
  /** Browser family (`Chrome`, `Firefox`, `Safari`, `curl`, `OpenSSH`…) or `unknown`. */
  browser: z.string(),
  downloads: z.number().int(),
})
export type DeviceCount = z.infer<typeof deviceCount>

/** How far one recipient got; each step is null until reached. */
export const recipientFunnel = z.object({
  recipient_id: z.uuid(),
  email: z.string(),
  sent_at: isoDateTime.nullable(),
  opened_at: isoDateTime.nullable(),
  previewed_at: isoDateTime.nullable(),
  downloaded_at: isoDateTime.nullable(),
  completed_at: isoDateTime.nullable(),
})
export type RecipientFunnel = z.infer<typeof recipientFunnel>

export const transferAnalyticsResponse = z.object({
  transfer_id: z.uuid(),
  bucket: analyticsBucket,
  downloads_started: z.number().int(),
  downloads_completed: z.number().int(),
  downloads_aborted: z.number().int(),
  previews: z.number().int(),
  page_views: z.number().int(),
  wrong_passwords: z.number().int(),
  bytes_delivered: z.number().int(),
  recipients: z.array(recipientFunnel),
  /** Each bucket from the first event to the last (or now), empty buckets included, oldest first. */
  over_time: z.array(z.object({ at: isoDateTime, started: z.number().int(), completed: z.number().int() })),
  /** One row per file, and one with `file_id: null` for the ZIP of all files when it was downloaded. */
  files: z.array(
    z.object({
      file_id: z.uuid().nullable(),
      name: z.string(),
      started: z.number().int(),
      completed: z.number().int(),
    }),
  ),
  /** Completed downloads by country, most first. */
  countries: z.array(countryCount),
  /** Completed downloads by device class and browser family, most first. */
  devices: z.array(deviceCount),
})
export type TransferAnalytics = z.infer<typeof transferAnalyticsResponse>

/**
 * `from` and `to` of a period: ISO 8601 dates (`2026-01-31`, a bare `to` counting its whole day)
 * or date-times (`2026-01-31T12:00:00Z`); default the last 30 days. The server reads them and answers
 * 422 `analytics_period_invalid` for a date it cannot read, reversed dates or a period over 400 days.
 */
export const analyticsPeriodQuery = z.object({
  from: z.string().trim().max(64).optional(),
  to: z.string().trim().max(64).optional(),
})
export type AnalyticsPeriodQuery = z.infer<typeof analyticsPeriodQuery>

export const analyticsSummaryResponse = z.object({
  from: isoDateTime,
  to: isoDateTime,
  bucket: analyticsBucket,
  transfers_sent: z.number().int(),
  /** Distinct recipients who opened, previewed or downloaded one of the account's transfers in the period. */
  recipients_reached: z.number().int(),
  downloads_completed: z.number().int(),
  bytes_delivered: z.number().int(),
  over_time: z.array(
    z.object({
      at: isoDateTime,
      transfers_sent: z.number().int(),
      downloads_completed: z.number().int(),
      bytes_delivered: z.number().int(),
    }),
  ),
  /** The ten transfers with the most completed downloads in the period. */
  busiest_transfers: z.array(
    z.object({
      transfer_id: z.uuid(),
      title: z.string(),
      downloads_completed: z.number().int(),
      bytes_delivered: z.number().int(),
    }),
  ),
  countries: z.array(countryCount),
  devices: z.array(deviceCount),
})
export type AnalyticsSummary = z.infer<typeof analyticsSummaryResponse>

/** Columns of the events CSV, in order. */
export const analyticsCsvColumns = [
  'occurred_at',
  'transfer_id',
  'transfer_title',
  'kind',
  'protocol',
  'file_id',
  'file_name',
  'recipient_email',
  'bytes',
  'duration_ms',
  'device',
  'browser',
  'country',
] as const
