import { pageQuery } from '@ferry/contracts/api/pagination'
import { errorResponse } from '@ferry/contracts/api/system'
import {
  adminTransferListResponse,
  adminTransfersQuery,
  downloadUrlResponse,
  senderDownloadQuery,
  transferCreateRequest,
  transferCreateResponse,
  transferDeleteResponse,
  transferIdParams,
  transferListResponse,
  transferSchema,
} from '@ferry/contracts/api/transfers'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import type { TransfersService } from './transfers.service.js'

const tags = ['transfers']
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse }

/** The sender's and the admin's transfer routes (spec/transfers.md §7, spec/accounts.md §7). */
export const transfersRoutes =
  (transfers: TransfersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/transfers',
      {
        schema: {
          tags,
          body: transferCreateRequest,
          response: {
            201: transferCreateResponse,
            ...errors,
            409: errorResponse,
            413: errorResponse,
            429: errorResponse,
          },
        },
        config: { access: 'user' },
      },
      async (request, reply) =>
        reply.status(201).send(await transfers.create(requireUser(request), request.body, request.ip)),
    )

    app.get(
      '/api/transfers',
      {
        schema: { tags, querystring: pageQuery, response: { 200: transferListResponse, ...errors } },
        config: { access: 'user' },
      },
      async (request) => transfers.listOwn(requireUser(request).id, request.query),
    )

    app.get(
      '/api/transfers/:id',
      {
        schema: { tags, params: transferIdParams, response: { 200: transferSchema, ...errors } },
        config: { access: 'user' },
      },
      async (request) => transfers.get(requireUser(request), request.params.id),
    )

    app.delete(
      '/api/transfers/:id',
      {
        schema: { tags, params: transferIdParams, response: { 200: transferDeleteResponse, ...errors } },
        config: { access: 'user' },
      },
      async (request) => transfers.deleteOwn(requireUser(request), request.params.id),
    )

    app.get(
      '/api/transfers/:id/download',
      {
        schema: { tags, params: transferIdParams, querystring: senderDownloadQuery, response: errors },
        config: { access: 'user' },
      },
      async (request, reply) => {
        const location = await transfers.senderDownloadLocation(requireUser(request), request.params.id, request.query)
        return reply.header('Cache-Control', 'no-store').redirect(location, 302)
      },
    )

    app.get(
      '/api/transfers/:id/download-url',
      {
        schema: {
          tags,
          params: transferIdParams,
          querystring: senderDownloadQuery,
          response: { 200: downloadUrlResponse, ...errors },
        },
        config: { access: 'user' },
      },
      async (request) => transfers.downloadUrls(requireUser(request), request.params.id, request.query),
    )

    app.get(
      '/api/admin/transfers',
      {
        schema: { tags, querystring: adminTransfersQuery, response: { 200: adminTransferListResponse, ...errors } },
        config: { access: 'admin' },
      },
      async (request) => {
        const { owner, ...page } = request.query
        return transfers.listAll(page, owner || undefined)
      },
    )

    app.delete(
      '/api/admin/transfers/:id',
      {
        schema: { tags, params: transferIdParams, response: { 200: transferDeleteResponse, ...errors } },
        config: { access: 'admin' },
      },
      async (request) => transfers.deleteAny(requireUser(request), request.params.id),
    )
  }
