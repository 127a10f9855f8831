import {
  adminMessageResponse,
  adminPaths,
  adminUserCreateResponse,
  adminUserIdParams,
  adminUserListResponse,
  adminUserRequest,
  adminUsersQuery,
  setPasswordInfoRequest,
  setPasswordInfoResponse,
  setPasswordRequest,
  setPasswordResponse,
  storageUsageResponse,
} from '@ferry/contracts/api/admin'
import { errorResponse } from '@ferry/contracts/api/system'
import { adminUserSchema } from '@ferry/contracts/api/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import type { AdminUsersService } from './admin-users.service.js'
import type { SetPasswordLinks } from './set-password.service.js'
import type { StorageService } from './storage.service.js'

const tags = ['admin']
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse }
const admin = { access: 'admin' } as const

/** Admin users and storage (spec/accounts.md §2, §7; product.md §4), and the public set-password step. */
export const adminRoutes =
  ({
    users,
    storage,
    links,
  }: {
    users: AdminUsersService
    storage: StorageService
    links: SetPasswordLinks
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      adminPaths.users,
      {
        schema: { tags, querystring: adminUsersQuery, response: { 200: adminUserListResponse, ...errors } },
        config: admin,
      },
      async (request) => users.list(request.query),
    )

    app.post(
      adminPaths.users,
      {
        schema: { tags, body: adminUserRequest, response: { 201: adminUserCreateResponse, ...errors } },
        config: admin,
      },
      async (request, reply) => reply.status(201).send(await users.create(requireUser(request), request.body)),
    )

    app.put(
      adminPaths.user,
      {
        schema: {
          tags,
          params: adminUserIdParams,
          body: adminUserRequest,
          response: { 200: adminUserSchema, ...errors },
        },
        config: admin,
      },
      async (request) => users.update(requireUser(request), request.params.id, request.body),
    )

    app.delete(
      adminPaths.user,
      {
        schema: { tags, params: adminUserIdParams, response: { 200: adminMessageResponse, ...errors } },
        config: admin,
      },
      async (request) => users.delete(requireUser(request), request.params.id),
    )

    app.post(
      adminPaths.userLink,
      {
        schema: { tags, params: adminUserIdParams, response: { 201: adminUserCreateResponse, ...errors } },
        config: admin,
      },
      async (request, reply) => reply.status(201).send(await users.newLink(request.params.id)),
    )

    app.get(
      adminPaths.storage,
      { schema: { tags, response: { 200: storageUsageResponse, ...errors } }, config: admin },
      async () => storage.usage(),
    )

    app.post(
      adminPaths.setPasswordInfo,
      {
        schema: { tags, body: setPasswordInfoRequest, response: { 200: setPasswordInfoResponse, ...errors } },
        config: { access: 'public' },
      },
      async (request) => links.info(request.body.token),
    )

    app.post(
      adminPaths.setPassword,
      {
        schema: { tags, body: setPasswordRequest, response: { 200: setPasswordResponse, ...errors } },
        config: { access: 'public' },
      },
      async (request) => links.setPassword(request.body.token, request.body.password),
    )
  }
