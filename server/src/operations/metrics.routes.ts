import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Deps } from '../deps.js'
import { AppError } from '../errors.js'
import { processMetrics } from './metrics.js'
import type { QueueFiguresService } from './queue-figures.service.js'

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * With METRICS_TOKEN, the bearer token must match it. Without, only a client on this machine
 * that came straight in (no X-Forwarded-For: a local proxy forwards outside callers) may read.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
    return match?.[1] !== undefined && sameSecret(match[1], token)
  }
  const address = request.raw.socket.remoteAddress ?? ''
  return loopback.has(address) && request.headers['x-forwarded-for'] === undefined
}

/** GET /metrics: Prometheus text of this instance, with the cluster's sweep queues read at scrape time. */
export const metricsRoutes =
  (deps: Pick<Deps, 'config'>, queueFigures: QueueFiguresService): FastifyPluginAsync =>
  async (app) => {
    const m = processMetrics()
    app.get('/metrics', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
      const token = deps.config.metricsToken
      if (!mayReadMetrics(request, token)) {
        throw token
          ? new AppError('unauthorized', 401, 'Metrics need the METRICS_TOKEN bearer token.')
          : new AppError(
              'forbidden',
              403,
              'Metrics are open to this machine only; set METRICS_TOKEN to read them elsewhere.',
            )
      }
      // The database being down must not hide the rest: the queue figures then keep their last values.
      const queues = await queueFigures.read().catch((error: unknown) => {
        request.log.warn({ err: error }, 'Queue figures unavailable for /metrics')
        return undefined
      })
      if (queues) {
        m.activeUploads.set(queues.activeUploads)
        for (const [queue, age] of Object.entries(queues.oldestAgeSeconds)) m.queueAge.set({ queue }, age)
        // States that emptied since the last scrape read 0, not their old figure.
        m.queuedJobs.reset()
        for (const { kind, state, count } of queues.queuedJobs) m.queuedJobs.set({ kind, state }, count)
      }
      return reply.type(m.registry.contentType).send(await m.registry.metrics())
    })
  }
