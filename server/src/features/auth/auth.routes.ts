import type { LoginResponse } from '@ferry/contracts/api/auth'
import { signInRefusedResponse } from '@ferry/contracts/api/passkeys'
import { authApi } from '@ferry/contracts/routes/auth'
import { passkeysApi } from '@ferry/contracts/routes/passkeys'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../deps.js'
import { clearAuthCookie, setAuthCookie } from '../../http/auth-cookie.js'
import { authCookieName, requireUser } from '../../http/auth-guard.js'
import { cookieMayAuthenticate } from '../../http/csrf-guard.js'
import { registerRoute } from '../../http/register-route.js'
import { toUser } from '../users/users.service.js'
import type { AuthService, SignedIn, SigningInDevice } from './auth.service.js'
import type { AuthRateLimit } from './auth-rate-limit.js'
import type { EmailConfirmations } from './email-confirmation.service.js'
import type { Passkeys } from './passkeys/passkeys.service.js'
import { relyingPartyOf } from './passkeys/relying-party.js'
import { sessionClientOf } from './sessions/session-client.js'
import { takeSsoSession } from './sso/sso-cookies.js'
import type { SsoSignIn } from './sso/sso-sign-in.service.js'
import { deviceTokenOf, setDeviceCookie } from './two-factor/device-cookie.js'

/** The auth service of spec/transfers.md §7 under /auth. */
export const authRoutes =
  (
    deps: Pick<Deps, 'config'>,
    {
      auth,
      rateLimit,
      confirmations,
      passkeys,
      sso,
    }: {
      auth: AuthService
      rateLimit: AuthRateLimit
      confirmations: EmailConfirmations
      passkeys: Passkeys
      sso: Pick<SsoSignIn, 'assertPasswordAllowed' | 'endSessionUrl' | 'operatorName'>
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = (
      request: FastifyRequest,
      reply: FastifyReply,
      { token, user, rememberedDevice }: SignedIn,
    ): LoginResponse => {
      setAuthCookie(request, reply, token.token)
      if (rememberedDevice) setDeviceCookie(request, reply, rememberedDevice)
      return { access_token: token.token, token_type: 'bearer', user: toUser(user) }
    }

    /** The browser signing in, for the second step and for its session in the owner's list. */
    const device = async (request: FastifyRequest): Promise<SigningInDevice> => ({
      token: deviceTokenOf(request),
      relyingParty: relyingPartyOf(request, deps.config),
      ...(await sessionClientOf(request)),
    })

    // Its 401 may list the second-step methods (`methods`), which the one error shape would drop.
    const refusals = { errorResponses: { 401: signInRefusedResponse } }

    registerRoute(
      app,
      authApi.login,
      async (request, reply) =>
        signedIn(
          request,
          reply,
          await rateLimit.login(request.ip, request.body.email, async () => {
            // "SSO required" (issue 23 item 3): the organization's provider is the only way in,
            // whatever the password; said before the password is checked, so it tells nothing of it.
            await sso.assertPasswordAllowed(request.body.email)
            return auth.login(request.body, await device(request))
          }),
        ),
      refusals,
    )

    registerRoute(app, authApi.register, async (request, reply) => {
      await rateLimit.enforce('register', request.ip, request.body.email)
      const registered = await auth.register(request.body, await device(request))
      // Signed in at once, but sending waits for the address to be confirmed (spec/accounts.md §2).
      await confirmations.send(registered.user)
      return reply.status(201).send(signedIn(request, reply, registered))
    })

    registerRoute(app, authApi.confirmEmail, async (request, reply) => {
      const { token, email, code } = request.body
      if (token !== undefined) await confirmations.confirmByToken(token, request.ip)
      else await confirmations.confirmByCode(email!, code!, request.ip)
      return reply.status(204).send()
    })

    registerRoute(app, authApi.resendConfirmation, async (request, reply) => {
      await confirmations.resend(requireUser(request))
      return reply.status(204).send()
    })

    // Google stands in for the password: the second step (2FA on) counts in the same limiter.
    registerRoute(
      app,
      authApi.google,
      async (request, reply) => {
        const { token, language, ...proof } = request.body
        const user = await auth.googleAccount(token, language)
        await sso.assertPasswordAllowed(user.email)
        const session = await rateLimit.login(request.ip, user.email, async () =>
          auth.passSecondStep(user, proof, await device(request)),
        )
        return signedIn(request, reply, session)
      },
      refusals,
    )

    registerRoute(app, authApi.logout, async (request, reply) => {
      if (request.auth) await auth.logout(request.auth)
      clearAuthCookie(request, reply)
      // Signed in through a provider: its sign-out address ends its session too, where it has one.
      const ssoSession = takeSsoSession(request, reply)
      const endSessionUrl = ssoSession && (await sso.endSessionUrl(ssoSession.connection, ssoSession.idToken))
      return { message: 'Logged out', ...(endSessionUrl ? { end_session_url: endSessionUrl } : {}) }
    })

    registerRoute(app, authApi.logoutAll, async (request, reply) => {
      await auth.logoutAll(requireUser(request).id)
      clearAuthCookie(request, reply)
      return { message: 'Logged out of all devices' }
    })

    registerRoute(app, authApi.verify, async (request, reply) => {
      const { token } = request.body
      const session = token === undefined ? request.auth : await auth.authenticate(token)
      // The app asks about its own cookie: one that no longer works is dropped with the answer.
      if (!session && token === undefined && request.cookies[authCookieName] && cookieMayAuthenticate(request)) {
        clearAuthCookie(request, reply)
      }
      return session ? { valid: true, user: toUser(session.user) } : { valid: false }
    })

    registerRoute(app, passkeysApi.signInOptions, async (request) => ({
      options: await passkeys.signInOptions(relyingPartyOf(request, deps.config)),
    }))

    // Passwordless: the passkey (which verified the person) is the whole sign-in. The limiter runs
    // before any check, keyed by the passkey's account when the credential id names one.
    registerRoute(app, passkeysApi.signIn, async (request, reply) => {
      const { credential } = request.body
      const owner = await passkeys.ownerOf(credential)
      const session = await rateLimit.login(request.ip, `passkey:${owner ?? credential.id}`, async () => {
        const { userId } = await passkeys.verify(relyingPartyOf(request, deps.config), credential, {
          passwordless: true,
        })
        return auth.sessionFor(userId, await device(request))
      })
      return signedIn(request, reply, session)
    })

    registerRoute(app, authApi.config, async () => {
      const oidcName = sso.operatorName()
      return { google_client_id: deps.config.google.clientId ?? null, oidc: oidcName ? { name: oidcName } : null }
    })
  }
