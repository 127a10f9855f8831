import { sshKeysApi } from '@ferry/contracts/routes/sftp'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { SshKeysService } from './ssh-keys.service.js'

/** GET and POST /api/account/ssh-keys, DELETE /api/account/ssh-keys/{id} (contracts/src/routes/sftp.ts). */
export const sshKeysRoutes =
  (keys: SshKeysService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, sshKeysApi.list, async (request) => keys.list(requireUser(request)))

    registerRoute(app, sshKeysApi.create, async (request, reply) =>
      reply.status(201).send(await keys.create(requireUser(request), request.body)),
    )

    registerRoute(app, sshKeysApi.remove, async (request, reply) => {
      await keys.remove(requireUser(request), request.params.id)
      return reply.status(204).send()
    })
  }
