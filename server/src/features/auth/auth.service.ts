import { createHash } from 'node:crypto'
import { type LoginRequest, passwordMinLength, type RegisterRequest } from '@ferry/contracts/api/auth'
import { normaliseEmail } from '@ferry/contracts/api/users'
import type { Language } from '@ferry/contracts/domain/languages'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { AuthSession } from '../../http/auth-guard.js'
import { loadOrCreateSecret } from '../../secrets/secrets.js'
import type { UserRecord, UsersService } from '../users/users.service.js'
import { createAuthRepository } from './auth.repository.js'
import { createGoogleIdVerifier, type GoogleIdentity } from './google-id-verifier.js'
import { assertAcceptablePassword } from './password-policy.js'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js'
import type { SessionClient } from './sessions/session-client.js'
import { createSessionsRepository } from './sessions/sessions.repository.js'
import { createTokenSigner, type IssuedToken } from './tokens.js'
import type {
  RememberedDeviceToken,
  SecondFactor,
  SecondFactorProof,
  SecondStepDevice,
} from './two-factor/second-factor.service.js'

export type { AuthSession } from '../../http/auth-guard.js'

export interface SignedIn {
  token: IssuedToken
  user: UserRecord
  /** A browser that asked to be remembered for the second step: the token for its cookie. */
  rememberedDevice?: RememberedDeviceToken
}

/**
 * The browser signing in: its remembered-device token (cookie), its label, its origin (passkeys),
 * and what its session shows in the owner's list.
 */
export type SigningInDevice = SecondStepDevice & Partial<Omit<SessionClient, 'label'>>

/** Sessions' last-seen time moves on at most this often: a write per session every few minutes, not per request. */
export const lastSeenStepMs = 5 * 60_000

const hashTokenId = (jti: string) => createHash('sha256').update(jti).digest('hex')

type AuthDeps = Pick<Deps, 'config' | 'database' | 'clock' | 'logger'>

const localPart = (email: string) => email.split('@')[0] || email

/** Sign-in, tokens and accounts' credentials. Async because the signing secret may live in the database. */
export async function createAuthService(
  deps: AuthDeps,
  users: UsersService,
  /** The second step every sign-in passes (two-factor/second-factor.service.ts). */
  secondFactor: Pick<SecondFactor, 'pass' | 'isOn'>,
) {
  const { config, clock } = deps
  const secret = config.jwtSecret ?? (await loadOrCreateSecret(deps.database.db, 'jwt'))
  const tokens = createTokenSigner({ secret, clock })
  const repo = createAuthRepository(deps.database.db)
  const sessions = createSessionsRepository(deps.database.db)
  const google = config.google.clientId
    ? createGoogleIdVerifier({ clientId: config.google.clientId, jwksUrl: config.google.jwksUrl, clock })
    : undefined

  /** A new token and its session row (decision 0028): the token works only while the row exists. */
  const signIn = async (user: UserRecord, device?: SigningInDevice): Promise<SignedIn> => {
    const token = await tokens.issue(user.id, user.sessionEpoch)
    await sessions.create({
      tokenHash: hashTokenId(token.jti),
      userId: user.id,
      epoch: user.sessionEpoch,
      label: device?.label ?? 'Unknown browser',
      device: device?.device ?? 'unknown',
      country: device?.country ?? 'unknown',
      expiresAt: token.expiresAt,
      now: clock.now(),
    })
    return { token, user }
  }

  /** Every way in with a first factor passes the second here (issue 23 item 2). */
  const signInWithSecondFactor = async (
    user: UserRecord,
    proof: SecondFactorProof,
    device: SigningInDevice,
  ): Promise<SignedIn> => {
    const rememberedDevice = await secondFactor.pass(user, proof, device)
    return { ...(await signIn(user, device)), ...(rememberedDevice ? { rememberedDevice } : {}) }
  }

  async function accountForGoogle(identity: GoogleIdentity, language?: Language): Promise<UserRecord> {
    const known = await users.findCredentialsByGoogleSub(identity.sub)
    if (known) return (await users.linkGoogle(known.id, identity.sub, identity.picture)) ?? known
    for (let attempt = 0; attempt < 2; attempt++) {
      const byEmail = await users.findCredentialsByEmail(identity.email)
      if (byEmail) {
        // Google vouches for the address (email_verified), so it may join the existing account.
        const linked = await users.linkGoogle(byEmail.id, identity.sub, identity.picture)
        if (linked) return linked
        continue
      }
      const created = await users.create({
        email: identity.email,
        name: identity.name ?? localPart(identity.email),
        googleSub: identity.sub,
        picture: identity.picture,
        language,
        emailConfirmed: true,
      })
      if (created) return created
      // Another sign-in created it in between: look again.
    }
    throw new AppError('google_auth_failed', 401)
  }

  async function upsertAdmin(email: string, password: string, name?: string) {
    const normalised = normaliseEmail(email)
    if (password.length < passwordMinLength) {
      throw new Error(`The admin password for ${normalised} must be at least ${passwordMinLength} characters`)
    }
    const adminName = name?.trim() || localPart(normalised)
    assertAcceptablePassword(password, { email: normalised, name: adminName })
    // A new password ends the account's sessions (product.md §15); the same one, given again at
    // every start by ADMIN_PASSWORD, leaves them alone.
    const existing = await users.findCredentialsByEmail(normalised)
    const unchanged = existing?.passwordHash ? await verifyPassword(existing.passwordHash, password) : false
    const { id, created } = await users.upsertAdmin({
      email: normalised,
      name: adminName,
      passwordHash: unchanged && existing?.passwordHash ? existing.passwordHash : await hashPassword(password),
      endSessions: !unchanged,
    })
    return { id, email: normalised, created }
  }

  return {
    /**
     * A new password's hash, once the policy accepts it for this account (AppError 400 otherwise):
     * for passwords set elsewhere than sign-up (the admin feature's set-password links).
     */
    async hashNewPassword(password: string, account: { email: string; name?: string | null }): Promise<string> {
      assertAcceptablePassword(password, account)
      return hashPassword(password)
    },

    /**
     * One 401 for an unknown email and a wrong password, in about the same time; then the second
     * step when the account has 2FA on (401 `second_factor_required` / `second_factor_invalid`).
     */
    async login(input: LoginRequest, device: SigningInDevice = { label: 'API' }): Promise<SignedIn> {
      const account = await users.findCredentialsByEmail(normaliseEmail(input.email))
      const matches = account?.passwordHash
        ? await verifyPassword(account.passwordHash, input.password)
        : await verifyAgainstDummy(input.password)
      if (!account || !matches) throw new AppError('invalid_credentials', 401)
      return signInWithSecondFactor(account, input, device)
    },

    async register(input: RegisterRequest, device?: SigningInDevice): Promise<SignedIn> {
      assertAcceptablePassword(input.password, input)
      const user = await users.create({
        email: normaliseEmail(input.email),
        name: input.name.trim(),
        passwordHash: await hashPassword(input.password),
        language: input.language,
      })
      if (!user) throw new AppError('email_taken', 409)
      return signIn(user, device)
    },

    /**
     * The account a Google ID token stands for: created, or linked by verified email. Google
     * stands in for the password only: `passSecondStep` follows, as after a password.
     */
    async googleAccount(idToken: string, language?: Language): Promise<UserRecord> {
      if (!google) throw new AppError('google_not_configured', 501)
      return accountForGoogle(await google.verify(idToken), language)
    },

    /** After a first factor other than the password (Google): the second step, then the session. */
    passSecondStep: signInWithSecondFactor,

    /**
     * The session a token proves, or undefined when it is malformed, tampered, expired, signed out
     * or of an ended epoch: one indexed query; last-seen moves on at most every `lastSeenStepMs`.
     */
    async authenticate(token: string): Promise<AuthSession | undefined> {
      const claims = await tokens.read(token)
      if (!claims) return undefined
      const now = clock.now()
      const live = await sessions.findLive(claims.userId, hashTokenId(claims.jti), claims.epoch, now)
      if (!live) return undefined
      const stale = new Date(now.getTime() - lastSeenStepMs)
      if (live.lastSeenAt < stale) await sessions.touch(live.sessionId, now, stale)
      return { user: live.user, jti: claims.jti, expiresAt: claims.expiresAt, sessionId: live.sessionId }
    },

    /** Ends this session everywhere: its row goes, so its token is refused on every instance. */
    async logout(session: Pick<AuthSession, 'user' | 'sessionId'>): Promise<void> {
      if (session.sessionId) await sessions.remove(session.user.id, session.sessionId)
    },

    /**
     * "Log out of all devices" (product.md §15): every token of the user, this one included, is
     * refused from now on, on every instance.
     */
    async logoutAll(userId: string): Promise<void> {
      await repo.endAllSessions(userId)
    },

    /** A new session for the account as it is now (its current epoch); 401 when it is gone. */
    async sessionFor(userId: string, device?: SigningInDevice): Promise<SignedIn> {
      const user = await users.getById(userId)
      if (!user) throw new AppError('unauthorized', 401)
      return signIn(user, device)
    },

    /**
     * Whether signing in needs a second step for this account: a way in that proves something else
     * (an admin's set-password link) must then not hand out a session by itself.
     */
    needsSecondStep: (userId: string): Promise<boolean> => secondFactor.isOn(userId),

    /** Drops revocations of tokens that expired anyway. */
    sweepRevokedTokens(): Promise<number> {
      return repo.sweepRevoked(clock.now())
    },

    /** Drops sessions whose token expired anyway. */
    sweepExpiredSessions(): Promise<number> {
      return sessions.sweepExpired(clock.now())
    },

    /** product.md §10: ADMIN_EMAIL and ADMIN_PASSWORD create that account as ADMIN, or promote it. */
    async bootstrapAdmin(): Promise<{ email: string; created: boolean } | undefined> {
      if (!config.admin) return undefined
      const admin = await upsertAdmin(config.admin.email, config.admin.password).catch((error) => {
        // A refused password stops the start with a sentence naming the variable.
        throw error instanceof AppError ? new Error(`ADMIN_PASSWORD is refused: ${error.detail}`) : error
      })
      deps.logger.info({ email: admin.email }, admin.created ? 'Admin account created' : 'Admin account promoted')
      return admin
    },

    /** Creates `email` as ADMIN with this password, or promotes it and sets the password. */
    upsertAdmin,

    /** Makes an existing account ADMIN; undefined when there is none. */
    promote(email: string): Promise<UserRecord | undefined> {
      return users.setRole(normaliseEmail(email), 'ADMIN')
    },
  }
}

export type AuthService = Awaited<ReturnType<typeof createAuthService>>
