import { errorResponse } from '@ferry/contracts/api/system'
import { shareDownloadQuery, shareIdParams, shareQuery, shareResponse } from '@ferry/contracts/api/transfers'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../deps.js'
import { sendDownload } from '../../http/download/download-reply.js'
import type { TransfersService } from './transfers.service.js'

const tags = ['share']
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse }

/** What recipients open: the share record and the download link (spec/transfers.md §7). */
export const shareRoutes =
  (deps: Pick<Deps, 'blobs' | 'logger'>, transfers: TransfersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/share/:uniqueId',
      {
        schema: { tags, params: shareIdParams, querystring: shareQuery, response: { 200: shareResponse, ...errors } },
        config: { access: 'public' },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store')
        return transfers.share(request.params.uniqueId, request.user, request.query.t)
      },
    )

    // Not under /api: the browser navigates here (a link), so the download is the browser's own.
    app.get(
      '/share/:uniqueId/download',
      {
        schema: {
          tags,
          params: shareIdParams,
          querystring: shareDownloadQuery,
          response: { ...errors, 410: errorResponse, 416: errorResponse },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const plan = await transfers.planShareDownload(request.params.uniqueId, request.query, request.user)
        const { transfer } = plan.aggregate
        return sendDownload(request, reply, deps, plan, {
          title: transfer.title,
          createdAt: transfer.createdAt,
          goneCode: 'transfer_files_gone',
          record: () => transfers.recordDownload(plan),
        })
      },
    )
  }
