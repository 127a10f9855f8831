import { requestExpiredResponse } from '@ferry/contracts/api/request-links'
import { errorMessages } from '@ferry/contracts/errors'
import { requestLinksApi } from '@ferry/contracts/routes/request-links'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../deps.js'
import { requireUser } from '../../http/auth-guard.js'
import { sendDownload } from '../../http/download/download-reply.js'
import { registerRoute } from '../../http/register-route.js'
import type { ReceivedDownload, RequestLinksService } from './request-links.service.js'

/**
 * Upload-request links (contracts/src/routes/request-links.ts). The spec's create, list and received
 * paths have no /api prefix; each is served at the same path under /api too.
 */
export const requestLinksRoutes =
  (deps: Pick<Deps, 'blobs' | 'logger'>, links: RequestLinksService): FastifyPluginAsyncZod =>
  async (app) => {
    const sendReceived = (request: FastifyRequest, reply: FastifyReply, plan: ReceivedDownload) =>
      sendDownload(request, reply, deps, plan, {
        title: plan.title,
        createdAt: plan.createdAt,
        goneCode: 'received_files_gone',
      })

    for (const route of [requestLinksApi.create, requestLinksApi.createAtSpecPath]) {
      registerRoute(app, route, async (request, reply) =>
        reply.status(201).send(await links.create(requireUser(request), request.body)),
      )
    }

    for (const route of [requestLinksApi.list, requestLinksApi.listAtSpecPath]) {
      registerRoute(app, route, (request) => links.listOwn(requireUser(request), request.query))
    }

    for (const route of [requestLinksApi.received, requestLinksApi.receivedAtSpecPath]) {
      registerRoute(app, route, (request) => links.listReceived(requireUser(request), request.query))
    }

    registerRoute(
      app,
      requestLinksApi.info,
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store')
        const result = await links.info(request.params.requestId)
        if (!result.expired) return result.info
        return reply
          .status(410)
          .send({ detail: errorMessages.request_expired, code: 'request_expired', expires_at: result.expiresAt })
      },
      { errorResponses: { 410: requestExpiredResponse } },
    )

    registerRoute(app, requestLinksApi.upload, async (request, reply) =>
      reply.status(201).send(await links.upload(request.params.requestId, request.body)),
    )

    registerRoute(app, requestLinksApi.complete, (request) => links.complete(request.params.requestId))

    registerRoute(app, requestLinksApi.update, (request) =>
      links.update(requireUser(request), request.params.requestId, request.body),
    )

    registerRoute(app, requestLinksApi.remove, async (request, reply) => {
      await links.remove(requireUser(request), request.params.requestId)
      return reply.status(204).send()
    })

    registerRoute(app, requestLinksApi.fileDownload, async (request, reply) =>
      sendReceived(request, reply, await links.fileDownload(requireUser(request), request.params.fileId)),
    )

    registerRoute(app, requestLinksApi.groupDownload, async (request, reply) =>
      sendReceived(request, reply, await links.groupDownload(requireUser(request), request.params.groupId)),
    )
  }
