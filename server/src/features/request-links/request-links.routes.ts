import { pageQuery } from '@ferry/contracts/api/pagination'
import {
  apiAliases,
  receivedFileIdParams,
  receivedGroupIdParams,
  receivedGroupsResponse,
  requestCompleteResponse,
  requestCreateRequest,
  requestCreateResponse,
  requestExpiredResponse,
  requestIdParams,
  requestInfoResponse,
  requestLinksPaths,
  requestListResponse,
  requestUploadRequest,
  requestUploadResponse,
} from '@ferry/contracts/api/request-links'
import { errorResponse } from '@ferry/contracts/api/system'
import { errorMessages } from '@ferry/contracts/errors'
import { requestLinksApi } from '@ferry/contracts/routes/request-links'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../deps.js'
import { requireUser } from '../../http/auth-guard.js'
import { sendDownload } from '../../http/download/download-reply.js'
import { registerRoute } from '../../http/register-route.js'
import type { ReceivedDownload, RequestLinksService } from './request-links.service.js'

const tags = ['request-links']
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  410: errorResponse,
  413: errorResponse,
}
const user = { access: 'user' } as const
const open = { access: 'public' } as const

/**
 * Upload-request links (spec/transfers.md §7). The spec's create and list paths have no /api prefix;
 * each is served at the same path under /api too.
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

    for (const url of [requestLinksPaths.create, apiAliases.create]) {
      app.post(
        url,
        {
          schema: { tags, body: requestCreateRequest, response: { 201: requestCreateResponse, ...errors } },
          // A visitor gets the spec's 'Please log in to create file request links', before the body is read.
          config: { access: 'user', unauthorizedCode: 'request_login_required' },
        },
        async (request, reply) => reply.status(201).send(await links.create(requireUser(request), request.body)),
      )
    }

    for (const url of [requestLinksPaths.list, apiAliases.list]) {
      app.get(
        url,
        { schema: { tags, querystring: pageQuery, response: { 200: requestListResponse, ...errors } }, config: user },
        (request) => links.listOwn(requireUser(request), request.query),
      )
    }

    for (const url of [requestLinksPaths.received, apiAliases.received]) {
      app.get(
        url,
        {
          schema: { tags, querystring: pageQuery, response: { 200: receivedGroupsResponse, ...errors } },
          config: user,
        },
        (request) => links.listReceived(requireUser(request), request.query),
      )
    }

    app.get(
      requestLinksPaths.info,
      {
        schema: {
          tags,
          params: requestIdParams,
          response: { 200: requestInfoResponse, ...errors, 410: requestExpiredResponse },
        },
        config: open,
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store')
        const result = await links.info(request.params.requestId)
        if (!result.expired) return result.info
        return reply
          .status(410)
          .send({ detail: errorMessages.request_expired, code: 'request_expired', expires_at: result.expiresAt })
      },
    )

    app.post(
      requestLinksPaths.upload,
      {
        schema: {
          tags,
          params: requestIdParams,
          body: requestUploadRequest,
          response: { 201: requestUploadResponse, ...errors },
        },
        config: open,
      },
      async (request, reply) => reply.status(201).send(await links.upload(request.params.requestId, request.body)),
    )

    app.post(
      requestLinksPaths.complete,
      {
        schema: { tags, params: requestIdParams, response: { 200: requestCompleteResponse, ...errors } },
        config: open,
      },
      (request) => links.complete(request.params.requestId),
    )

    registerRoute(app, requestLinksApi.update, (request) =>
      links.update(requireUser(request), request.params.requestId, request.body),
    )

    registerRoute(app, requestLinksApi.remove, async (request, reply) => {
      await links.remove(requireUser(request), request.params.requestId)
      return reply.status(204).send()
    })

    app.get(
      requestLinksPaths.fileDownload,
      {
        schema: { tags, params: receivedFileIdParams, response: { ...errors, 416: errorResponse } },
        config: user,
      },
      async (request, reply) =>
        sendReceived(request, reply, await links.fileDownload(requireUser(request), request.params.fileId)),
    )

    app.get(
      requestLinksPaths.groupDownload,
      { schema: { tags, params: receivedGroupIdParams, response: errors }, config: user },
      async (request, reply) =>
        sendReceived(request, reply, await links.groupDownload(requireUser(request), request.params.groupId)),
    )
  }
