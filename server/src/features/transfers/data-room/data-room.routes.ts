import { Readable } from 'node:stream'
import { dataRoomApi } from '@ferry/contracts/routes/data-room'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { contentDisposition } from '../../../http/content-disposition.js'
import { registerRoute } from '../../../http/register-route.js'
import { grantsOf } from '../access/grant-transport.js'
import type { DataRoomService } from './data-room.service.js'

/** What a viewer gets is theirs alone and never kept: no cache, no sniffing. */
const private_ = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }

/** The clean data room (contracts/src/routes/data-room.ts): thin, the service decides. */
export const dataRoomRoutes =
  (room: DataRoomService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, dataRoomApi.startView, async (request, reply) => {
      const { uniqueId, fileId } = request.params
      reply.headers(private_)
      return reply.status(201).send(await room.startView(uniqueId, fileId, grantsOf(request)))
    })

    registerRoute(app, dataRoomApi.page, async (request, reply) => {
      const { uniqueId, viewId, n } = request.params
      const image = await room.page(uniqueId, viewId, n, grantsOf(request))
      return reply.headers(private_).type('image/webp').send(image)
    })

    registerRoute(app, dataRoomApi.pageSeen, async (request, reply) => {
      const { uniqueId, viewId, n } = request.params
      await room.seen(uniqueId, viewId, n, request.body.duration_ms, grantsOf(request))
      return reply.status(204).send()
    })

    registerRoute(app, dataRoomApi.watermarkedPdf, async (request, reply) => {
      const { uniqueId, fileId } = request.params
      const { pdf, fileName } = await room.watermarkedPdf(uniqueId, fileId, grantsOf(request))
      return reply
        .headers(private_)
        .header('Content-Disposition', contentDisposition(fileName))
        .type('application/pdf')
        .send(pdf)
    })

    registerRoute(app, dataRoomApi.log, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store')
      return room.log(request.user, request.params.id, request.query)
    })

    registerRoute(app, dataRoomApi.logCsv, async (request, reply) => {
      const { fileName, csv } = await room.logCsv(request.user, request.params.id)
      // A byte-order mark so spreadsheet programs read the file as UTF-8, not their local code page.
      async function* withBom() {
        yield '\uFEFF'
        yield* csv
      }
      return reply
        .header('Content-Disposition', contentDisposition(fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .type('text/csv; charset=utf-8')
        .send(Readable.from(withBom()))
    })

    registerRoute(app, dataRoomApi.revokeViewer, async (request, reply) => {
      await room.setRevoked(request.user, request.params.id, request.params.recipientId, true)
      return reply.status(204).send()
    })

    registerRoute(app, dataRoomApi.restoreViewer, async (request, reply) => {
      await room.setRevoked(request.user, request.params.id, request.params.recipientId, false)
      return reply.status(204).send()
    })
  }
