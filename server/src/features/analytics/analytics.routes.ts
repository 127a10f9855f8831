import type { Readable } from 'node:stream'
import { analyticsApi } from '@ferry/contracts/routes/analytics'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { contentDisposition } from '../../http/content-disposition.js'
import { registerRoute } from '../../http/register-route.js'
import type { AnalyticsService } from './analytics.service.js'

/** A CSV export: streamed as it is read, downloaded under its name, never cached. */
function sendCsv(reply: FastifyReply, csv: { fileName: string; body: Readable }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', contentDisposition(csv.fileName))
    .header('Cache-Control', 'private, no-store')
    .send(csv.body)
}

/** Analytics for senders (contracts/src/routes/analytics.ts); the plan flags are checked by the guard. */
export const analyticsRoutes =
  (analytics: AnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, analyticsApi.transfer, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store')
      return analytics.transfer(requireUser(request).id, request.params.id)
    })

    registerRoute(app, analyticsApi.transferEventsCsv, async (request, reply) =>
      sendCsv(reply, await analytics.transferCsv(requireUser(request).id, request.params.id)),
    )

    registerRoute(app, analyticsApi.summary, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store')
      return analytics.summary(requireUser(request).id, request.query)
    })

    registerRoute(app, analyticsApi.eventsCsv, async (request, reply) =>
      sendCsv(reply, analytics.accountCsv(requireUser(request).id, request.query)),
    )
  }
