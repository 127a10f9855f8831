import type { WebhookEventType } from '@ferry/contracts/api/webhooks'
import type { DbExecutor } from '../../db/database.js'
import type { Deps } from '../../deps.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import { newDeliveryId } from './webhook-signature.js'
import { createWebhooksRepository } from './webhooks.repository.js'

/** The queued job that sends one delivery (its payload: `{ deliveryId }`). */
export const webhookDeliveryKind = 'webhook-delivery'
/**
 * Tries a delivery job may take. The handler ends a delivery itself after 24 hours of failures
 * (about 31 tries with the queue's back-off of 30 s doubling up to an hour), so this is only a
 * bound that is never reached.
 */
export const webhookJobMaxAttempts = 100

/**
 * Writes a webhook event for every endpoint of the user that chose it, in the caller's
 * transaction (the outbox, issue 20 item 5): one delivery row with the exact body and the
 * `webhook-id` it will always carry, and one queued job to send it. The event exists exactly when
 * the change that caused it is committed, and the job runs once per delivery in the cluster.
 */
export interface WebhookEvents {
  emit(
    executor: DbExecutor,
    userId: string | null,
    type: WebhookEventType,
    data: Record<string, unknown>,
  ): Promise<void>
}

export function createWebhookOutbox(deps: Pick<Deps, 'clock'>, queue: Pick<JobQueue, 'enqueue'>): WebhookEvents {
  return {
    async emit(executor, userId, type, data) {
      if (!userId) return
      const repo = createWebhooksRepository(executor)
      const endpoints = await repo.subscribed(userId, type)
      if (endpoints.length === 0) return
      const now = deps.clock.now()
      const body = JSON.stringify({ type, timestamp: now.toISOString(), data })
      const rows = endpoints.map((endpoint) => ({
        id: newDeliveryId(),
        endpointId: endpoint.id,
        eventType: type,
        body,
        createdAt: now,
        windowStartedAt: now,
      }))
      await repo.insertDeliveries(rows)
      for (const row of rows) {
        await queue.enqueue(
          webhookDeliveryKind,
          { deliveryId: row.id },
          { executor, dedupeKey: `${webhookDeliveryKind}:${row.id}`, maxAttempts: webhookJobMaxAttempts },
        )
      }
    },
  }
}
