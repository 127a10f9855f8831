import { usersApi } from '@ferry/contracts/routes/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.js'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import { toUser, type UsersService } from './users.service.js'

/** The signed-in user's own account. */
export const usersRoutes =
  (users: Pick<UsersService, 'setLanguage'>): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, usersApi.setLanguage, async (request) => {
      const user = await users.setLanguage(requireUser(request).id, request.body.language)
      // The account was deleted between the guard and here.
      if (!user) throw new AppError('unauthorized', 401)
      return toUser(user)
    })
  }
