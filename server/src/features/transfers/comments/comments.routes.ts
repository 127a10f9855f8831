import { commentsApi } from '@ferry/contracts/routes/comments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contentDisposition } from '../../../http/content-disposition.js'
import { registerRoute } from '../../../http/register-route.js'
import type { ShareEvents } from '../../analytics/index.js'
import { grantsOf } from '../access/grant-transport.js'
import type { CommentsService } from './comments.service.js'

/** Review comments (contracts/src/routes/comments.ts): thin, the service decides who may do what. */
export const commentsRoutes =
  (comments: CommentsService, shareEvents: ShareEvents): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, commentsApi.list, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store')
      const { uniqueId, fileId } = request.params
      return comments.list(uniqueId, fileId, request.user, grantsOf(request), request.query.t)
    })

    registerRoute(app, commentsApi.create, async (request, reply) => {
      const { uniqueId, fileId } = request.params
      const thread = await comments.create(
        uniqueId,
        fileId,
        request.body,
        request.user,
        grantsOf(request),
        request.ip,
        request.query.t,
      )
      await shareEvents.record('comment', uniqueId, request, { fileId, trackingId: request.query.t })
      return reply.status(201).send(thread)
    })

    registerRoute(app, commentsApi.updateThread, async (request) => {
      const { uniqueId, fileId, threadId } = request.params
      return comments.setResolved(
        uniqueId,
        fileId,
        threadId,
        request.body.resolved,
        request.user,
        grantsOf(request),
        request.ip,
        request.query.t,
      )
    })

    registerRoute(app, commentsApi.review, async (request) => {
      const { uniqueId, fileId } = request.params
      return comments.review(
        uniqueId,
        fileId,
        request.body.verdict,
        request.user,
        grantsOf(request),
        request.ip,
        request.query.t,
      )
    })

    registerRoute(app, commentsApi.exportCsv, async (request, reply) => {
      const { fileName, csv } = await comments.exportCsv(request.user, request.params.id)
      // A byte-order mark so spreadsheet programs read the file as UTF-8, not their local code page.
      return reply
        .header('Content-Disposition', contentDisposition(fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(`\uFEFF${csv}`)
    })
  }
