import { createHmac } from 'node:crypto'
import type { AnalyticsEventKind, AnalyticsProtocol } from '@ferry/contracts/api/analytics'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { groupedWrites } from '../../db/grouped-writes.js'
import { transferEvents } from '../../db/schema/index.js'
import type { Deps } from '../../deps.js'
import { cachedSecret } from '../../secrets/secrets.js'
import { canonicalAddress, keepAddress } from './client-address.js'
import { lazyCountryLookup } from './country-lookup.js'
import { classifyUserAgent } from './user-agent.js'

/** Who asked, as the transport saw them: never stored as such (see client-address.ts). */
export interface ClientContext {
  address: string
  userAgent: string | undefined
}

/** One thing that happened to a transfer. */
export interface TransferEvent {
  kind: AnalyticsEventKind
  transfer: { id: string; userId: string | null }
  protocol?: AnalyticsProtocol | null
  fileId?: string | null
  recipientId?: string | null
  bytes?: number | null
  durationMs?: number | null
}

/** Where one download stands after its request began: when it started (this request or an earlier one). */
export interface DownloadStart {
  startedAt: Date
  downloadKey: string | null
  /** Whether the request is part of a download in the log (its end is then logged too). */
  counts: boolean
}

export type EventLogDeps = Pick<Deps, 'clock' | 'database' | 'logger'>

/**
 * The event log's writer (issue 21): the server appends what happened, with what it may keep of
 * the client (network prefix, keyed hash, device class, browser family, country). Writing never
 * fails the request it describes: a failed write is logged and the request goes on.
 */
export function createEventLog(deps: EventLogDeps, options: { country?: (address: string) => Promise<string> } = {}) {
  const { clock, database, logger } = deps
  const secret = cachedSecret(database.db, 'analytics-address')
  // Appends only: no read kept in memory depends on the log (database.ts, logDb).
  const db = database.logDb
  // A busy share page writes its views a group at a time (decision 0040).
  const append = groupedWrites<typeof transferEvents.$inferInsert>(
    (rows) =>
      db
        .insert(transferEvents)
        .values(rows)
        .then(() => undefined),
    { max: 500 },
  )
  const country = options.country ?? lazyCountryLookup()

  async function clientColumns(client: ClientContext | null) {
    if (!client) return {}
    const key = await secret()
    const kept = keepAddress(client.address, key)
    const kind = classifyUserAgent(client.userAgent)
    return {
      device: kind.device,
      browser: kind.browser,
      country: await country(client.address).catch((error) => {
        logger.warn({ err: error }, 'The country database could not be read')
        return 'unknown'
      }),
      addressPrefix: kept?.prefix ?? null,
      addressHash: kept?.hash ?? null,
    }
  }

  /**
   * What ties the requests of one download together: the transfer, the file (or the ZIP), the
   * client's full address and user agent, hashed with the secret key. It says nothing outside that file.
   */
  async function downloadKeyOf(transferId: string, fileId: string | null, client: ClientContext | null) {
    if (!client) return null
    const address = canonicalAddress(client.address) ?? client.address
    const material = [transferId, fileId ?? 'zip', address, client.userAgent ?? ''].join('\n')
    return createHmac('sha256', await secret())
      .update(material)
      .digest('hex')
  }

  async function insert(event: TransferEvent, client: ClientContext | null, downloadKey: string | null = null) {
    if (!event.transfer.userId) return
    await append({
      occurredAt: clock.now(),
      userId: event.transfer.userId,
      transferId: event.transfer.id,
      kind: event.kind,
      protocol: event.protocol ?? null,
      fileId: event.fileId ?? null,
      recipientId: event.recipientId ?? null,
      bytes: event.bytes ?? null,
      durationMs: event.durationMs === undefined || event.durationMs === null ? null : Math.round(event.durationMs),
      downloadKey,
      ...(await clientColumns(client)),
    })
  }

  /** Logs a failure to write instead of failing the request. */
  async function safely<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run()
    } catch (error) {
      logger.warn({ err: error, event: what }, 'Could not write to the event log')
      return undefined
    }
  }

  return {
    /** Appends one event (a transfer without an owner, a guest's, is not tracked: nobody could read it). */
    record(event: TransferEvent, client: ClientContext | null): Promise<void> {
      return safely(event.kind, () => insert(event, client)).then(() => undefined)
    },

    /**
     * A download request is about to send bytes from `firstByte` on. The first request of a
     * download appends `download_started`; later ranges and resumes of it (same file, address and
     * user agent, while it is not completed) add nothing. A request for a part of a file this client
     * already completed, not from its first byte, is no new download: `counts` is false, and its end
     * appends nothing either.
     */
    async downloadRequested(
      event: Omit<TransferEvent, 'kind'>,
      client: ClientContext | null,
      firstByte: number,
    ): Promise<DownloadStart> {
      const now = clock.now()
      const started = await safely('download_started', async () => {
        const downloadKey = await downloadKeyOf(event.transfer.id, event.fileId ?? null, client)
        if (!downloadKey || !event.transfer.userId) {
          await insert({ ...event, kind: 'download_started' }, client, downloadKey)
          return { startedAt: now, downloadKey, counts: true }
        }
        return db.transaction(async (tx) => {
          // Parallel ranges of one download queue here, so only the first appends the start.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${downloadKey}, 0))`)
          const [last] = await tx
            .select({ kind: transferEvents.kind, occurredAt: transferEvents.occurredAt })
            .from(transferEvents)
            .where(
              and(
                eq(transferEvents.transferId, event.transfer.id),
                eq(transferEvents.downloadKey, downloadKey),
                inArray(transferEvents.kind, ['download_started', 'download_completed']),
              ),
            )
            .orderBy(desc(transferEvents.id))
            .limit(1)
          if (last?.kind === 'download_started') return { startedAt: last.occurredAt, downloadKey, counts: true }
          if (last && firstByte > 0) return { startedAt: now, downloadKey, counts: false }
          await tx.insert(transferEvents).values({
            occurredAt: now,
            userId: event.transfer.userId!,
            transferId: event.transfer.id,
            kind: 'download_started',
            protocol: event.protocol ?? null,
            fileId: event.fileId ?? null,
            recipientId: event.recipientId ?? null,
            downloadKey,
            ...(await clientColumns(client)),
          })
          return { startedAt: now, downloadKey, counts: true }
        })
      })
      return started ?? { startedAt: now, downloadKey: null, counts: false }
    },

    /**
     * The response that delivered a download's last byte finished (`completed`, with the bytes of the
     * whole file or ZIP and the time since the download started), or one that would have was cut off
     * (`aborted`). A later resume that completes makes the abort count no more (analytics.repository.ts).
     */
    downloadEnded(
      outcome: 'completed' | 'aborted',
      event: Omit<TransferEvent, 'kind' | 'durationMs'>,
      start: DownloadStart,
      client: ClientContext | null,
    ): Promise<void> {
      if (!start.counts) return Promise.resolve()
      const kind = outcome === 'completed' ? 'download_completed' : 'download_aborted'
      const durationMs = Math.max(0, clock.now().getTime() - start.startedAt.getTime())
      return safely(kind, () =>
        insert(
          { ...event, kind, durationMs, bytes: outcome === 'completed' ? event.bytes : null },
          client,
          start.downloadKey,
        ),
      ).then(() => undefined)
    },
  }
}

export type EventLog = ReturnType<typeof createEventLog>
