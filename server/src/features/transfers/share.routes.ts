import { shareApi } from '@ferry/contracts/routes/transfers'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../deps.js'
import { sendDownload } from '../../http/download/download-reply.js'
import { registerRoute } from '../../http/register-route.js'
import type { TransfersService } from './transfers.service.js'

/** What recipients open: the share record and the download link (contracts/src/routes/transfers.ts). */
export const shareRoutes =
  (deps: Pick<Deps, 'blobs' | 'logger'>, transfers: TransfersService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, shareApi.get, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store')
      return transfers.share(request.params.uniqueId, request.user, request.query.t)
    })

    // Not under /api: the browser navigates here (a link), so the download is the browser's own.
    // Fastify answers HEAD from this GET; sendDownload then sends the headers only.
    registerRoute(app, shareApi.download, async (request, reply) => {
      const plan = await transfers.planShareDownload(request.params.uniqueId, request.query, request.user)
      const { transfer } = plan.aggregate
      return sendDownload(request, reply, deps, plan, {
        title: transfer.title,
        createdAt: transfer.createdAt,
        goneCode: 'transfer_files_gone',
        record: () => transfers.recordDownload(plan),
      })
    })
  }
