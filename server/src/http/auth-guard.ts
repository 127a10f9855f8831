import fastifyCookie from '@fastify/cookie'
import type { ApiKeyScope } from '@ferry/contracts/api/api-keys'
import { isAdmin } from '@ferry/contracts/api/users'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { AppError } from '../errors.js'
import type { UserRecord } from '../features/users/users.types.js'
import type { Access } from './access.js'
import { cookieMayAuthenticate, csrfHeaderMissing } from './csrf-guard.js'
import { type PlanFeatureReader, requirePlanFeature } from './plan-feature-guard.js'

/** The httpOnly cookie that carries the same token as the bearer header. */
export const authCookieName = 'ferry_token'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded fresh for this request; null when anonymous. */
    user: UserRecord | null
    /** The token behind `user` (to revoke it on logout). */
    auth: AuthSession | null
    /** On 'participant' routes without a user: the room visitor the guest token proved. */
    guest: RoomGuest | null
  }
}

/** A request's proof of identity: the token's user, loaded fresh, and which token it was. */
export interface AuthSession {
  user: UserRecord
  jti: string
  expiresAt: Date
  /** The signed-in session's row (decision 0028); absent for API keys. */
  sessionId?: string
  /** Set when the request came with an API key rather than a session: the key and its scopes. */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] }
}

/** A room visitor as a guest token proves it (the rooms feature issues and reads these tokens). */
export interface RoomGuest {
  roomId: string
  participantId: string
}

/** What the guard needs to let room visitors into 'participant' routes. */
export interface GuestAuthenticator {
  /** The request header that carries the guest token. */
  header: string
  /** The visitor a token proves, or undefined for a malformed, tampered or expired one. */
  read(token: string): Promise<RoomGuest | undefined>
}

/** What the guard needs from the auth feature. */
export interface Authenticator {
  /** The session a token proves, or undefined for a malformed, tampered, expired or revoked token. */
  authenticate(token: string): Promise<AuthSession | undefined>
}

/** What the guard needs from the API-keys feature (issue 20 item 2). */
export interface ApiKeyAuthenticator {
  /** Whether a bearer token is meant as an API key (it has the keys' prefix). */
  isKey(token: string): boolean
  /**
   * The key's session, or undefined for a wrong or revoked key (counted per address). Throws
   * RateLimitedError, before looking at the key, once the address had too many wrong keys.
   */
  authenticate(token: string, clientIp: string): Promise<AuthSession | undefined>
}

/** What the guard needs from required two-factor sign-in (issue 23 item 2). */
export interface EnrolmentGate {
  /** Whether `user` must set up a second factor before anything else: required, none yet, grace over. */
  mustEnrol(user: UserRecord): Promise<boolean>
}

const guardedPrefixes = ['/api', '/auth']
/** Whether a path is the API's (/api, /auth), where every route declares its access. */
export const isGuardedPath = (url: string) => guardedPrefixes.some((p) => url === p || url.startsWith(`${p}/`))
// @fastify/swagger-ui's routes cannot be given a config; the API documentation is public.
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/')
const accessValues: readonly Access[] = ['public', 'user', 'participant', 'admin']

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

/**
 * Every route under /api and /auth must declare `config.access`: registering one that does not
 * throws, so the server refuses to start. Each request is then authenticated from the bearer
 * header or, failing that, the auth cookie (see csrf-guard.ts): 'public' routes get
 * `request.user` when the token is valid and ignore it otherwise; 'user' routes answer 401
 * without a valid token; 'participant' routes also let in a room visitor whose guest token is
 * valid (`request.guest`), and answer 401 `room_guest_token_invalid` for an invalid one; 'admin'
 * routes answer 403 to everyone but admins; a route with `config.planFeature` answers 403
 * `plan_feature_missing` to a user whose plan lacks that flag. All of this happens in `onRequest`, so a caller
 * who may not use a route gets its 401 whatever the body (security review L-5); the 401 carries
 * the route's `config.unauthorizedCode`.
 *
 * A bearer token with the API keys' prefix (`ferry_`) is an API key (issue 20 item 2), checked
 * by `keys` against the database on every request (a revoked key is refused at once everywhere;
 * wrong keys are counted per address before any is looked up): 401 `api_key_invalid` for a wrong
 * or revoked key, 403 `api_key_not_allowed` on a route that declares no `config.scope` (account,
 * billing, admin, the keys themselves), 403 `scope_missing` when the key lacks the route's scope.
 * On a 'public' route without a scope the key is ignored.
 *
 * When an admin requires two-factor sign-in (issue 23 item 2), a signed-in user without a second
 * factor whose grace period ended gets 403 `two_factor_enrolment_required` from every
 * non-public route but those marked `config.beforeTwoFactor` (what enrolling needs), whether they
 * came with a session or an API key.
 */
export async function registerAuthGuard(
  app: FastifyInstance,
  authenticator: Authenticator,
  guests?: GuestAuthenticator,
  plans?: PlanFeatureReader,
  keys?: ApiKeyAuthenticator,
  enrolment?: EnrolmentGate,
): Promise<void> {
  await app.register(fastifyCookie)
  app.decorateRequest('user', null)
  app.decorateRequest('auth', null)
  app.decorateRequest('guest', null)

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isGuardedPath(route.url)) return
    const access = route.config?.access
    if (access !== undefined && accessValues.includes(access)) return
    if (access === undefined && isDocs(route.url)) {
      route.config = { ...route.config, access: 'public' }
      return
    }
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method
    throw new Error(
      `Route ${methods} ${route.url} must declare config.access: ${accessValues.map((a) => `'${a}'`).join(', ')} (got ${String(access)})`,
    )
  })

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access
    if (!access) return
    let token = bearerToken(request)
    if (token !== undefined && keys?.isKey(token)) {
      const scope = request.routeOptions.config.scope
      // A 'public' route no key may call ignores the key: the caller is anonymous there.
      if (access === 'public' && !scope) return
      const keySession = await keys.authenticate(token, request.ip)
      if (!keySession?.apiKey) throw new AppError('api_key_invalid', 401)
      // Routes without a scope (account, billing, admin, the keys themselves) are for sessions only.
      if (!scope) throw new AppError('api_key_not_allowed', 403)
      if (!keySession.apiKey.scopes.includes(scope)) {
        throw new AppError(
          'scope_missing',
          403,
          `This API key does not have the scope ${scope}, which this route needs.`,
        )
      }
      request.auth = keySession
      request.user = keySession.user
      if (access === 'admin' && !isAdmin(keySession.user.role)) throw new AppError('forbidden', 403)
      await checkEnrolment(request, keySession.user)
      await checkPlanFeature(request, keySession.user.id)
      return
    }
    if (token === undefined) {
      const cookie = request.cookies[authCookieName]
      if (cookie && !cookieMayAuthenticate(request)) {
        if (access !== 'public') throw csrfHeaderMissing()
      } else {
        token = cookie || undefined
      }
    }
    const session = token ? await authenticator.authenticate(token) : undefined
    if (session) {
      request.auth = session
      request.user = session.user
    }
    if (access === 'public') return
    if (!session && access === 'participant' && guests) {
      const header = request.headers[guests.header.toLowerCase()]
      if (typeof header === 'string' && header !== '') {
        const guest = await guests.read(header)
        if (!guest) throw new AppError('room_guest_token_invalid', 401)
        request.guest = guest
        return
      }
    }
    if (!session) throw new AppError(request.routeOptions.config.unauthorizedCode ?? 'unauthorized', 401)
    if (access === 'admin' && !isAdmin(session.user.role)) throw new AppError('forbidden', 403)
    await checkEnrolment(request, session.user)
    await checkPlanFeature(request, session.user.id)
  })

  async function checkEnrolment(request: FastifyRequest, user: UserRecord): Promise<void> {
    if (!enrolment || request.routeOptions.config.beforeTwoFactor) return
    if (await enrolment.mustEnrol(user)) throw new AppError('two_factor_enrolment_required', 403)
  }

  async function checkPlanFeature(request: FastifyRequest, userId: string): Promise<void> {
    const feature = request.routeOptions.config.planFeature
    if (feature) {
      if (!plans)
        throw new Error(`Route ${request.routeOptions.url} needs a plan feature, but the guard reads no plans`)
      requirePlanFeature(await plans.planFlags(userId), feature)
    }
  }
}

/** The signed-in user of a 'user' or 'admin' route (the guard already let only them in). */
export function requireUser(request: FastifyRequest): UserRecord {
  if (!request.user) throw new AppError('unauthorized', 401)
  return request.user
}
