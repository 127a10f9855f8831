import type { JobHandler } from '../../jobs/job-worker.js'
import { webhookDeliveryKind } from './webhook-outbox.service.js'
import type { WebhooksService } from './webhooks.service.js'

/** The queued job of one delivery: one try per run; a failed try throws and is retried by the queue. */
export function webhookDeliveryHandler(webhooks: Pick<WebhooksService, 'deliver'>): JobHandler {
  return {
    kind: webhookDeliveryKind,
    async run(job) {
      const { deliveryId } = job.payload as { deliveryId?: unknown }
      if (typeof deliveryId !== 'string') return // not ours to retry: nothing could ever send it
      await webhooks.deliver(deliveryId)
    },
  }
}
