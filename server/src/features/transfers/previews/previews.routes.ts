import { previewsApi } from '@ferry/contracts/routes/previews'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../../deps.js'
import { sendInline } from '../../../http/download/inline-reply.js'
import { registerRoute } from '../../../http/register-route.js'
import type { ShareEvents } from '../../analytics/index.js'
import { grantsOf } from '../access/grant-transport.js'
import type { PreviewsService } from './previews.service.js'

/** Viewing a transfer's files (contracts/src/routes/previews.ts): never a download. */
export const previewsRoutes =
  (deps: Pick<Deps, 'blobs'>, previews: PreviewsService, shareEvents: ShareEvents): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, previewsApi.file, async (request, reply) => {
      const { uniqueId, fileId } = request.params
      const object = await previews.preview(uniqueId, fileId, request.query.size, request.user, grantsOf(request))
      // One preview per opening: a video's later ranges are the same viewing.
      const range = request.headers.range
      if (request.method === 'GET' && (!range || /^bytes=0-/.test(range))) {
        await shareEvents.record('preview', uniqueId, request, { fileId })
      }
      return sendInline(request, reply, deps, object)
    })

    registerRoute(app, previewsApi.thumbnail, async (request, reply) => {
      const { uniqueId, fileId } = request.params
      const object = await previews.thumbnail(uniqueId, fileId, request.user, grantsOf(request))
      return sendInline(request, reply, deps, object)
    })
  }
