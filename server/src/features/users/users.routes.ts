import { errorResponse } from '@ferry/contracts/api/system'
import { languageRequest, userSchema, usersPaths } from '@ferry/contracts/api/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.js'
import { requireUser } from '../../http/auth-guard.js'
import { toUser, type UsersService } from './users.service.js'

const errors = { 400: errorResponse, 401: errorResponse }

/** The signed-in user's own account. */
export const usersRoutes =
  (users: Pick<UsersService, 'setLanguage'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      usersPaths.language,
      {
        schema: {
          tags: ['users'],
          description: 'Stores the interface language the user now uses: the emails they cause are written in it.',
          body: languageRequest,
          response: { 200: userSchema, ...errors },
        },
        config: { access: 'user' },
      },
      async (request) => {
        const user = await users.setLanguage(requireUser(request).id, request.body.language)
        // The account was deleted between the guard and here.
        if (!user) throw new AppError('unauthorized', 401)
        return toUser(user)
      },
    )
  }
