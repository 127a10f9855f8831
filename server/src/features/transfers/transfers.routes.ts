import { transfersApi } from '@ferry/contracts/routes/transfers'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import { senderProof } from '../../http/sender-proof.js'
import type { TransfersService } from './transfers.service.js'

/** The sender's and the admin's transfer routes (contracts/src/routes/transfers.ts). */
export const transfersRoutes =
  (transfers: TransfersService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, transfersApi.create, async (request, reply) =>
      reply
        .status(201)
        .send(await transfers.create(requireUser(request), request.body, request.ip, senderProof(request))),
    )

    registerRoute(app, transfersApi.list, async (request) => transfers.listOwn(requireUser(request).id, request.query))

    registerRoute(app, transfersApi.get, async (request) => transfers.get(requireUser(request), request.params.id))

    registerRoute(app, transfersApi.update, async (request) =>
      transfers.update(requireUser(request), request.params.id, request.body, request.ip),
    )

    registerRoute(app, transfersApi.addFiles, async (request) =>
      transfers.addFiles(
        requireUser(request),
        request.params.id,
        request.body.files.map((f) => f.file_key),
      ),
    )

    registerRoute(app, transfersApi.removeFile, async (request) =>
      transfers.removeFile(requireUser(request), request.params.id, request.params.fileId),
    )

    registerRoute(app, transfersApi.delete, async (request) =>
      transfers.deleteOwn(requireUser(request), request.params.id),
    )

    registerRoute(app, transfersApi.download, async (request, reply) => {
      const location = await transfers.senderDownloadLocation(requireUser(request), request.params.id, request.query)
      return reply.header('Cache-Control', 'no-store').redirect(location, 302)
    })

    registerRoute(app, transfersApi.downloadUrl, async (request) =>
      transfers.downloadUrls(requireUser(request), request.params.id, request.query),
    )

    registerRoute(app, transfersApi.adminList, async (request) => {
      const { owner, ...page } = request.query
      return transfers.listAll(page, owner || undefined)
    })

    registerRoute(app, transfersApi.adminDelete, async (request) =>
      transfers.deleteAny(requireUser(request), request.params.id),
    )

    registerRoute(app, transfersApi.adminUnfreeze, async (request) =>
      transfers.unfreeze(requireUser(request), request.params.id),
    )
  }
