import { sessionsApi } from '@ferry/contracts/routes/sessions'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clearAuthCookie } from '../../../http/auth-cookie.js'
import { requireUser } from '../../../http/auth-guard.js'
import { registerRoute } from '../../../http/register-route.js'
import type { ActiveSessions } from './sessions.service.js'

/** Active sessions in the profile (issue 23 item 4) under /api/account/sessions. */
export const sessionsRoutes =
  (sessions: ActiveSessions): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, sessionsApi.list, async (request) =>
      sessions.list(requireUser(request), request.auth?.sessionId),
    )

    registerRoute(app, sessionsApi.signOut, async (request, reply) => {
      await sessions.signOut(requireUser(request).id, request.params.id)
      // Ending the session asking is signing out here.
      if (request.params.id === request.auth?.sessionId) clearAuthCookie(request, reply)
      return reply.status(204).send()
    })

    registerRoute(app, sessionsApi.signOutOthers, async (request) =>
      sessions.signOutOthers(requireUser(request).id, request.auth?.sessionId),
    )
  }
