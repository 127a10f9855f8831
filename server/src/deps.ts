import type { FastifyBaseLogger } from 'fastify'
import type { BlobStore } from './adapters/blob-store/blob-store.js'
import { createLocalDiskBlobStore } from './adapters/blob-store/local-disk-blob-store.js'
import type { EventBus } from './adapters/event-bus/event-bus.js'
import { createInProcessEventBus } from './adapters/event-bus/in-process-event-bus.js'
import { createRedisEventBus } from './adapters/event-bus/redis-event-bus.js'
import type { Mailer } from './adapters/mailer/mailer.js'
import { createOutboxMailer } from './adapters/mailer/outbox-mailer.js'
import type { PaymentsAdapter } from './adapters/payments/payments.js'
import { createTestPayments } from './adapters/payments/test-payments.js'
import { createInMemoryPresence } from './adapters/presence/in-memory-presence.js'
import type { Presence } from './adapters/presence/presence.js'
import { createRedisPresence } from './adapters/presence/redis-presence.js'
import { createInMemoryRateLimiter } from './adapters/rate-limiter/in-memory-rate-limiter.js'
import type { RateLimiter } from './adapters/rate-limiter/rate-limiter.js'
import { createRedisRateLimiter } from './adapters/rate-limiter/redis-rate-limiter.js'
import { type Clock, systemClock } from './clock.js'
import type { Config } from './config.js'
import type { Database } from './db/database.js'
import { openDatabase } from './db/open-database.js'
import { loadOrCreateSecret } from './secrets/secrets.js'

export interface Deps {
  config: Config
  logger: FastifyBaseLogger
  clock: Clock
  database: Database
  blobs: BlobStore
  events: EventBus
  mailer: Mailer
  rateLimiter: RateLimiter
  /** Which room sockets are open, on any instance (Redis when REDIS_URL is set). */
  presence: Presence
  /** Stripe Checkout when configured, else the built-in test checkout (product.md §6). */
  payments: PaymentsAdapter
  /** Closes every adapter; safe to call once the server stopped taking requests. */
  close(): Promise<void>
}

/**
 * The composition root: the one place that picks an implementation for each adapter. Adapters
 * built on a large SDK (S3, SMTP, Stripe, and the database engines) are loaded only when chosen.
 */
export async function createDeps(
  config: Config,
  logger: FastifyBaseLogger,
  provided: { clock?: Clock; database?: Database } = {},
): Promise<Deps> {
  const clock = provided.clock ?? systemClock
  const database = provided.database ?? (await openDatabase(config.database, { logger }))
  const opened: { close(): Promise<void> }[] = [database]
  try {
    const blobs =
      config.storage.kind === 's3'
        ? (await import('./adapters/blob-store/s3-blob-store.js')).createS3BlobStore(config.storage)
        : createLocalDiskBlobStore({
            dir: config.storage.dir,
            publicUrl: config.publicUrl,
            signingSecret: await loadOrCreateSecret(database.db, 'blob-signing'),
            clock,
          })
    const events =
      config.events.kind === 'redis'
        ? createRedisEventBus({ url: config.events.url, logger })
        : createInProcessEventBus({ logger })
    opened.push(events)
    const mailer =
      config.mail.kind === 'smtp'
        ? (await import('./adapters/mailer/smtp-mailer.js')).createSmtpMailer({
            url: config.mail.url,
            from: config.mail.from,
            logger,
          })
        : createOutboxMailer({ dir: config.mail.dir, from: config.mail.from, logger })
    opened.push(mailer)
    const rateLimiter = config.redisUrl
      ? createRedisRateLimiter({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, clock })
      : createInMemoryRateLimiter({ clock })
    opened.push(rateLimiter)
    const presence = config.redisUrl
      ? createRedisPresence({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix })
      : createInMemoryPresence()
    opened.push(presence)
    const payments = config.stripe
      ? (await import('./adapters/payments/stripe-payments.js')).createStripePayments(config.stripe)
      : createTestPayments()
    if (payments.kind === 'test') {
      logger.warn(
        'Payments: built-in test checkout, no card is charged (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
      )
    }

    return {
      config,
      logger,
      clock,
      database,
      blobs,
      events,
      mailer,
      rateLimiter,
      presence,
      payments,
      async close() {
        await closeAll(opened.reverse())
      },
    }
  } catch (error) {
    await closeAll(opened.reverse())
    throw error
  }
}

async function closeAll(resources: { close(): Promise<void> }[]) {
  for (const resource of resources) {
    await resource.close().catch(() => {})
  }
}
