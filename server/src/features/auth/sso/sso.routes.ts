import { ssoApi } from '@ferry/contracts/routes/sso'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../../deps.js'
import { AppError, RateLimitedError } from '../../../errors.js'
import { setAuthCookie } from '../../../http/auth-cookie.js'
import { requireUser } from '../../../http/auth-guard.js'
import { registerRoute } from '../../../http/register-route.js'
import type { AuthService } from '../auth.service.js'
import { sessionClientOf } from '../sessions/session-client.js'
import { deviceTokenOf, setDeviceCookie } from '../two-factor/device-cookie.js'
import { clearFlowCookie, flowStateOf, setFlowCookie, setSsoSessionCookie } from './sso-cookies.js'
import type { SsoSettingsService } from './sso-settings.service.js'
import type { SsoSignIn } from './sso-sign-in.service.js'

/** Starting flows writes a row each: far more than this from one address is not a person. */
const startLimit = { perMinute: 30 }

/** Single sign-on: the browser's redirects under /auth/sso and an organization's settings. */
export const ssoRoutes =
  (
    deps: Pick<Deps, 'config' | 'rateLimiter' | 'logger'>,
    { signIn, settings, auth }: { signIn: SsoSignIn; settings: SsoSettingsService; auth: AuthService },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const failed = (code: string) => `/signin?sso_error=${encodeURIComponent(code)}`

    registerRoute(app, ssoApi.start, async (request, reply) => {
      const limit = await deps.rateLimiter.hit(`sso-start:ip:${request.ip}`, startLimit.perMinute, 60_000)
      if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds)
      const { url, state } = await signIn.start(request.query)
      setFlowCookie(request, reply, state)
      return reply.redirect(url, 302)
    })

    // Every refusal lands on the sign-in page with its code; nothing is signed in.
    registerRoute(app, ssoApi.callback, async (request, reply) => {
      const cookieState = flowStateOf(request)
      clearFlowCookie(request, reply)
      try {
        const callbackUrl = new URL(request.url, deps.config.publicUrl)
        const { user, connection, idToken } = await signIn.finish(callbackUrl, cookieState)
        // The provider stands in for the password: an account with 2FA on still passes its second step.
        const { token, rememberedDevice } = await auth.passSecondStep(
          user,
          {},
          { token: deviceTokenOf(request), ...(await sessionClientOf(request)) },
        )
        setAuthCookie(request, reply, token.token)
        if (rememberedDevice) setDeviceCookie(request, reply, rememberedDevice)
        setSsoSessionCookie(request, reply, connection, idToken)
        return reply.redirect('/', 302)
      } catch (error) {
        if (!(error instanceof AppError)) {
          deps.logger.error({ err: error }, 'sso: callback failed')
          return reply.redirect(failed('sso_failed'), 302)
        }
        return reply.redirect(failed(error.code), 302)
      }
    })

    registerRoute(app, ssoApi.discover, async (request) => signIn.discover(request.query.email))

    registerRoute(app, ssoApi.get, async (request) => ({
      sso: await settings.get(requireUser(request), request.params.id),
    }))

    registerRoute(app, ssoApi.put, async (request) =>
      settings.put(requireUser(request), request.params.id, request.body),
    )

    registerRoute(app, ssoApi.remove, async (request, reply) => {
      await settings.remove(requireUser(request), request.params.id)
      return reply.status(204).send()
    })

    registerRoute(app, ssoApi.verifyDomain, async (request) =>
      settings.verifyDomain(requireUser(request), request.params.id),
    )
  }
