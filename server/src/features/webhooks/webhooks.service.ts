import {
  maxWebhooksPerAccount,
  type WebhookAttempt,
  type WebhookCreateResponse,
  type WebhookDeliveryState,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookRotateResponse,
  webhookRotationGraceHours,
} from '@ferry/contracts/api/webhooks'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import type { UserRecord } from '../users/users.types.js'
import { assertWebhookUrlAllowed } from './webhook-address.js'
import { webhookDeliveryKind, webhookJobMaxAttempts } from './webhook-outbox.service.js'
import { createWebhookSecrets } from './webhook-secrets.js'
import { isDelivered, sendWebhook } from './webhook-sender.js'
import { newWebhookSecret, webhookHeaders } from './webhook-signature.js'
import { createWebhooksRepository, type WebhookEndpointRow } from './webhooks.repository.js'

type WebhooksDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'logger'>

/** A delivery is retried for this long after its event (or its "send again"), then it is failed. */
export const retryWindowMs = 24 * 3600_000
/** Lines of the delivery log one request shows. */
const logLength = 100
const graceMs = webhookRotationGraceHours * 3600_000

const notFound = () => new AppError('webhook_not_found', 404)
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Thrown by a failed try, so the job queue retries it after its back-off. */
export class WebhookTryFailed extends Error {}

function toEndpoint(row: WebhookEndpointRow, now: Date): WebhookEndpoint {
  const graceLeft = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    previous_secret_expires_at: graceLeft ? row.previousSecretExpiresAt!.toISOString() : null,
  }
}

/**
 * Webhook endpoints (issue 20 item 5): managed by their owner, each with its own signing secret
 * (shown once, kept sealed), and the delivery of their outbox rows (webhook-outbox.service.ts),
 * run by the job queue's `webhook-delivery` handler on whichever instance takes the job.
 */
export function createWebhooksService(deps: WebhooksDeps, { jobQueue }: { jobQueue: Pick<JobQueue, 'enqueue'> }) {
  const { clock, config } = deps
  const repo = createWebhooksRepository(deps.database.db)
  const secretBox = createWebhookSecrets(deps.database.db)
  const { allowPrivate, timeoutMs } = config.webhooks

  async function owned(user: UserRecord, id: string): Promise<WebhookEndpointRow> {
    const row = uuidPattern.test(id) ? await repo.findOwned(user.id, id) : undefined
    if (!row) throw notFound()
    return row
  }

  /** The secrets that sign now: the current one, and the previous one during its grace period. */
  async function signingSecrets(endpoint: WebhookEndpointRow, now: Date): Promise<string[]> {
    const box = await secretBox()
    const secrets = [box.open(endpoint.secretSealed)]
    if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
      secrets.push(box.open(endpoint.previousSecretSealed))
    }
    return secrets
  }

  return {
    /** GET /api/webhooks */
    async list(user: UserRecord): Promise<{ endpoints: WebhookEndpoint[] }> {
      const now = clock.now()
      return { endpoints: (await repo.listOf(user.id)).map((row) => toEndpoint(row, now)) }
    },

    /** POST /api/webhooks: the secret is in this answer only. */
    async create(
      user: UserRecord,
      input: { url: string; description: string; events: WebhookEventType[]; enabled: boolean },
    ): Promise<WebhookCreateResponse> {
      if ((await repo.countOf(user.id)) >= maxWebhooksPerAccount) throw new AppError('webhooks_too_many', 409)
      await assertWebhookUrlAllowed(input.url, allowPrivate)
      const secret = newWebhookSecret()
      const now = clock.now()
      const row = await repo.insertEndpoint({
        userId: user.id,
        url: input.url,
        description: input.description,
        events: [...input.events],
        enabled: input.enabled,
        secretSealed: (await secretBox()).seal(secret),
        createdAt: now,
      })
      return { ...toEndpoint(row, now), secret }
    },

    /** PATCH /api/webhooks/{id} */
    async update(
      user: UserRecord,
      id: string,
      input: {
        url?: string | undefined
        description?: string | undefined
        events?: WebhookEventType[] | undefined
        enabled?: boolean | undefined
      },
    ): Promise<WebhookEndpoint> {
      await owned(user, id)
      if (input.url !== undefined) await assertWebhookUrlAllowed(input.url, allowPrivate)
      const row = await repo.update(user.id, id, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.events !== undefined ? { events: [...input.events] } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      })
      if (!row) throw notFound()
      return toEndpoint(row, clock.now())
    },

    /** DELETE /api/webhooks/{id}: its deliveries go too; their jobs find nothing and end. */
    async remove(user: UserRecord, id: string): Promise<void> {
      if (!uuidPattern.test(id) || !(await repo.delete(user.id, id))) throw notFound()
    },

    /** POST /api/webhooks/{id}/rotate-secret: the old secret signs beside the new one for the grace period. */
    async rotateSecret(user: UserRecord, id: string): Promise<WebhookRotateResponse> {
      const endpoint = await owned(user, id)
      const now = clock.now()
      const secret = newWebhookSecret()
      const expiresAt = new Date(now.getTime() + graceMs)
      const row = await repo.update(user.id, id, {
        secretSealed: (await secretBox()).seal(secret),
        previousSecretSealed: endpoint.secretSealed,
        previousSecretExpiresAt: expiresAt,
      })
      if (!row) throw notFound()
      return { secret, previous_secret_expires_at: expiresAt.toISOString() }
    },

    /** GET /api/webhooks/{id}/deliveries */
    async deliveries(user: UserRecord, id: string): Promise<{ attempts: WebhookAttempt[] }> {
      const endpoint = await owned(user, id)
      const rows = await repo.attemptsOf(endpoint.id, logLength)
      return {
        attempts: rows.map((row) => ({
          delivery_id: row.deliveryId,
          event_type: row.eventType as WebhookEventType,
          delivery_state: row.deliveryState as WebhookDeliveryState,
          attempt: row.attempt,
          at: row.at.toISOString(),
          status_code: row.statusCode,
          duration_ms: row.durationMs,
          error: row.error,
        })),
      }
    },

    /**
     * POST /api/webhooks/{id}/deliveries/{deliveryId}/resend: the same delivery (same webhook-id and
     * body) is queued again, with a new 24-hour window. 409 while a job for it is still queued.
     */
    async resend(user: UserRecord, id: string, deliveryId: string): Promise<{ delivery_id: string }> {
      const endpoint = await owned(user, id)
      const delivery = await repo.findDeliveryOf(endpoint.id, deliveryId)
      if (!delivery) throw new AppError('webhook_delivery_not_found', 404)
      const queued = await deps.database.db.transaction(async (tx) => {
        const jobId = await jobQueue.enqueue(
          webhookDeliveryKind,
          { deliveryId },
          { executor: tx, dedupeKey: `${webhookDeliveryKind}:${deliveryId}`, maxAttempts: webhookJobMaxAttempts },
        )
        if (jobId) await createWebhooksRepository(tx).reopen(deliveryId, clock.now())
        return jobId !== null
      })
      if (!queued) throw new AppError('webhook_delivery_queued', 409)
      return { delivery_id: deliveryId }
    },

    /**
     * One try of a delivery, run by the queued job. A delivery that is no longer pending (sent, or
     * given up, by an earlier run) or whose endpoint is gone is left alone, so a second run of the
     * job sends nothing. A failed try throws, and the queue tries again after its back-off, until
     * 24 hours after the window opened: then the delivery is failed.
     */
    async deliver(deliveryId: string): Promise<void> {
      const found = await repo.findDelivery(deliveryId)
      if (found?.delivery.state !== 'pending') return
      const { delivery, endpoint } = found
      const now = clock.now()
      if (!endpoint.enabled) {
        await repo.recordAttempt(delivery, now, { statusCode: null, durationMs: 0, error: 'The endpoint is disabled' })
        await repo.settle(delivery.id, 'failed', now)
        return
      }
      // The receiver compares the timestamp with its own clock (five minutes either way), so it is
      // the wall clock's, not the app clock a test moves.
      const timestamp = Math.floor(Date.now() / 1000)
      const result = await sendWebhook({
        url: endpoint.url,
        headers: webhookHeaders(await signingSecrets(endpoint, now), delivery.id, timestamp, delivery.body),
        body: delivery.body,
        timeoutMs,
        allowPrivate,
      })
      const at = clock.now()
      await repo.recordAttempt(delivery, at, result)
      if (isDelivered(result)) {
        await repo.settle(delivery.id, 'delivered', at)
        return
      }
      if (at.getTime() - delivery.windowStartedAt.getTime() >= retryWindowMs) {
        await repo.settle(delivery.id, 'failed', at)
        return
      }
      throw new WebhookTryFailed(
        result.statusCode !== null ? `The receiver answered ${result.statusCode}` : (result.error ?? 'No answer'),
      )
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
