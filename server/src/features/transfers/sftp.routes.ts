import { sftpApi } from '@ferry/contracts/routes/sftp'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { SftpService } from './sftp.service.js'

/** The sender's view of a transfer's SFTP login (contracts/src/routes/sftp.ts). */
export const sftpRoutes =
  (sftp: SftpService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, sftpApi.credentials, async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return sftp.credentials(requireUser(request), request.params.id)
    })
  }
