import { adminApi } from '@ferry/contracts/routes/admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { setAuthCookie } from '../../http/auth-cookie.js'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { AuthService } from '../auth/auth.service.js'
import { toUser } from '../users/users.service.js'
import type { AdminJobsService } from './admin-jobs.service.js'
import type { AdminUsersService } from './admin-users.service.js'
import type { SetPasswordLinks } from './set-password.service.js'
import type { StorageService } from './storage.service.js'

/** Admin users, storage and the job queue (spec/accounts.md §2, §7; product.md §4), and the public set-password step. */
export const adminRoutes =
  ({
    users,
    storage,
    links,
    sessions,
    jobs,
  }: {
    users: AdminUsersService
    storage: StorageService
    links: SetPasswordLinks
    /** Signs the account in once its set-password link has set the password. */
    sessions: Pick<AuthService, 'sessionFor' | 'needsSecondStep'>
    /** The job queue (issue 19). */
    jobs: AdminJobsService
  }): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, adminApi.users, async (request) => users.list(request.query))

    registerRoute(app, adminApi.createUser, async (request, reply) =>
      reply.status(201).send(await users.create(requireUser(request), request.body)),
    )

    registerRoute(app, adminApi.updateUser, async (request) =>
      users.update(requireUser(request), request.params.id, request.body),
    )

    registerRoute(app, adminApi.deleteUser, async (request) => users.delete(requireUser(request), request.params.id))

    registerRoute(app, adminApi.newLink, async (request, reply) =>
      reply.status(201).send(await users.newLink(request.params.id)),
    )

    registerRoute(app, adminApi.storage, async () => storage.usage())

    registerRoute(app, adminApi.jobs, async (request) => jobs.list(request.query))

    registerRoute(app, adminApi.retryJob, async (request) => jobs.retry(request.params.id))

    registerRoute(app, adminApi.setPasswordInfo, async (request) => links.info(request.body.token))

    registerRoute(app, adminApi.setPassword, async (request, reply) => {
      const { message, email, userId } = await links.setPassword(request.body.token, request.body.password)
      // Signed in at once (issue 17): the person just proved the link and chose the password, so
      // typing it again on a log-in form would add nothing. The session is of the new epoch.
      // With two-factor sign-in on, the link alone is not enough: sign in with the code (issue 23).
      if (await sessions.needsSecondStep(userId)) return { message, email }
      const { token, user } = await sessions.sessionFor(userId)
      setAuthCookie(request, reply, token.token)
      return { message, email, user: toUser(user) }
    })
  }
