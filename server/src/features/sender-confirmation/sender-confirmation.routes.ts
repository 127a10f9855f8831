import { senderConfirmationApi } from '@ferry/contracts/routes/sender-confirmation'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import { senderCookieName, senderProof } from '../../http/sender-proof.js'
import type { SenderConfirmations } from './sender-confirmation.service.js'

/** GET and POST /api/sender-confirmation, POST /api/sender-confirmation/code. */
export const senderConfirmationRoutes =
  (senders: SenderConfirmations): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, senderConfirmationApi.status, async (request) =>
      senders.status(requireUser(request), senderProof(request)),
    )

    registerRoute(app, senderConfirmationApi.sendCode, async (request, reply) => {
      await senders.sendCode(requireUser(request), senderProof(request))
      return reply.status(204).send()
    })

    registerRoute(app, senderConfirmationApi.confirm, async (request, reply) => {
      const { browserToken, expiresAt } = await senders.confirm(
        requireUser(request),
        senderProof(request),
        request.body.code,
      )
      reply.setCookie(senderCookieName, browserToken, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/api',
        secure: request.protocol === 'https',
        expires: expiresAt,
      })
      return reply.status(204).send()
    })
  }
