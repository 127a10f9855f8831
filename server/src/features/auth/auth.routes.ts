import {
  authConfigResponse,
  authPaths,
  confirmEmailRequest,
  googleRequest,
  type LoginResponse,
  loginRequest,
  loginResponse,
  logoutResponse,
  registerRequest,
  verifyRequest,
  verifyResponse,
} from '@ferry/contracts/api/auth'
import { errorResponse } from '@ferry/contracts/api/system'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../deps.js'
import { authCookieName, requireUser } from '../../http/auth-guard.js'
import { cookieMayAuthenticate } from '../../http/csrf-guard.js'
import { toUser } from '../users/users.service.js'
import type { AuthService, SignedIn } from './auth.service.js'
import { clearAuthCookie, setAuthCookie } from './auth-cookie.js'
import type { AuthRateLimit } from './auth-rate-limit.js'
import type { EmailConfirmations } from './email-confirmation.service.js'

const errors = { 400: errorResponse, 401: errorResponse, 429: errorResponse }

/** The auth service of spec/transfers.md §7 under /auth. */
export const authRoutes =
  (
    deps: Pick<Deps, 'config'>,
    {
      auth,
      rateLimit,
      confirmations,
    }: { auth: AuthService; rateLimit: AuthRateLimit; confirmations: EmailConfirmations },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = (request: FastifyRequest, reply: FastifyReply, { token, user }: SignedIn): LoginResponse => {
      setAuthCookie(request, reply, token.token)
      return { access_token: token.token, token_type: 'bearer', user: toUser(user) }
    }

    app.post(
      '/auth/login',
      {
        schema: { tags: ['auth'], body: loginRequest, response: { 200: loginResponse, ...errors } },
        config: { access: 'public' },
      },
      async (request, reply) =>
        signedIn(request, reply, await rateLimit.login(request.ip, request.body.email, () => auth.login(request.body))),
    )

    app.post(
      '/auth/register',
      {
        schema: {
          tags: ['auth'],
          body: registerRequest,
          response: { 201: loginResponse, ...errors, 409: errorResponse },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        await rateLimit.enforce('register', request.ip, request.body.email)
        const registered = await auth.register(request.body)
        // Signed in at once, but sending waits for the address to be confirmed (spec/accounts.md §2).
        await confirmations.send(registered.user)
        return reply.status(201).send(signedIn(request, reply, registered))
      },
    )

    app.post(
      '/auth/confirm-email',
      {
        schema: {
          tags: ['auth'],
          body: confirmEmailRequest,
          response: { 204: z.null(), ...errors },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const { token, email, code } = request.body
        if (token !== undefined) await confirmations.confirmByToken(token, request.ip)
        else await confirmations.confirmByCode(email!, code!, request.ip)
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/auth/confirm-email/resend',
      {
        schema: { tags: ['auth'], response: { 204: z.null(), ...errors } },
        config: { access: 'user' },
      },
      async (request, reply) => {
        await confirmations.resend(requireUser(request))
        return reply.status(204).send(null)
      },
    )

    app.post(
      '/auth/google',
      {
        schema: {
          tags: ['auth'],
          body: googleRequest,
          response: { 200: loginResponse, ...errors, 501: errorResponse, 503: errorResponse },
        },
        config: { access: 'public' },
      },
      async (request, reply) =>
        signedIn(request, reply, await auth.signInWithGoogle(request.body.token, request.body.language)),
    )

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], response: { 200: logoutResponse } }, config: { access: 'public' } },
      async (request, reply) => {
        if (request.auth) await auth.logout(request.auth)
        clearAuthCookie(request, reply)
        return { message: 'Logged out' }
      },
    )

    app.post(
      authPaths.logoutAll,
      {
        schema: {
          tags: ['auth'],
          description: 'Logs out of all devices: every session of the user ends, this one included.',
          response: { 200: logoutResponse, 401: errorResponse, 403: errorResponse },
        },
        config: { access: 'user' },
      },
      async (request, reply) => {
        await auth.logoutAll(requireUser(request).id)
        clearAuthCookie(request, reply)
        return { message: 'Logged out of all devices' }
      },
    )

    app.post(
      '/auth/verify',
      {
        schema: { tags: ['auth'], body: verifyRequest, response: { 200: verifyResponse } },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const { token } = request.body
        const session = token === undefined ? request.auth : await auth.authenticate(token)
        // The app asks about its own cookie: one that no longer works is dropped with the answer.
        if (!session && token === undefined && request.cookies[authCookieName] && cookieMayAuthenticate(request)) {
          clearAuthCookie(request, reply)
        }
        return session ? { valid: true, user: toUser(session.user) } : { valid: false }
      },
    )

    app.get(
      '/auth/config',
      { schema: { tags: ['auth'], response: { 200: authConfigResponse } }, config: { access: 'public' } },
      async () => ({ google_client_id: deps.config.google.clientId ?? null }),
    )
  }
