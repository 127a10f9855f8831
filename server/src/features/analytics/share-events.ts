import type { AnalyticsEventKind } from '@ferry/contracts/api/analytics'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/database.js'
import { transferRecipients, transfers } from '../../db/schema/index.js'
import type { ClientContext, EventLog } from './event-log.js'

/** The client of an HTTP request as the event log reads it (the address as trustProxy resolves it). */
export function clientOf(request: FastifyRequest): ClientContext {
  const userAgent = request.headers['user-agent']
  return { address: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : undefined }
}

/**
 * Events of the share page that happen outside a download (page view, preview, wrong password,
 * verification sent), recorded by the routes after the service answered: the transfer is found by
 * its share id, and the recipient by the `t` of their link or, for a verification, their address.
 */
export function createShareEvents(db: Db, log: EventLog) {
  async function transferOf(uniqueId: string) {
    const [row] = await db
      .select({ id: transfers.id, userId: transfers.userId })
      .from(transfers)
      .where(eq(transfers.uniqueId, uniqueId))
      .limit(1)
    return row
  }

  async function recipientBy(transferId: string, by: { trackingId?: string; email?: string }) {
    const match = by.trackingId
      ? eq(transferRecipients.trackingId, by.trackingId)
      : by.email
        ? eq(transferRecipients.email, by.email.trim().toLowerCase())
        : undefined
    if (!match) return null
    const [row] = await db
      .select({ id: transferRecipients.id })
      .from(transferRecipients)
      .where(and(eq(transferRecipients.transferId, transferId), match))
      .limit(1)
    return row?.id ?? null
  }

  return {
    /**
     * Appends `kind` for the transfer shared as `uniqueId`, or for the transfer the caller already
     * read (nothing when it is gone or a guest's).
     */
    async record(
      kind: AnalyticsEventKind,
      shared: string | { id: string; userId: string | null },
      request: FastifyRequest,
      details: { fileId?: string; trackingId?: string; recipientId?: string | null; email?: string } = {},
    ): Promise<void> {
      try {
        const transfer = typeof shared === 'string' ? await transferOf(shared) : shared
        if (!transfer?.userId) return
        // The sender looking at their own transfer is not an event of it.
        if (request.user?.id === transfer.userId) return
        const recipientId =
          details.recipientId ??
          (await recipientBy(transfer.id, { trackingId: details.trackingId, email: details.email }))
        // A code goes only to a recipient's address; the 202 for anyone else sent nothing.
        if (kind === 'verification_sent' && !recipientId) return
        await log.record(
          {
            kind,
            transfer,
            protocol: 'http',
            fileId: details.fileId ?? null,
            recipientId,
          },
          clientOf(request),
        )
      } catch (error) {
        request.log.warn({ err: error, event: kind }, 'Could not write to the event log')
      }
    },
  }
}

export type ShareEvents = ReturnType<typeof createShareEvents>
