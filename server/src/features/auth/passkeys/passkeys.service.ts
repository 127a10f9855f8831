import type { Passkey, PasskeyCredential, PasskeyOptionsResponse } from '@ferry/contracts/api/passkeys'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import type { UserRecord } from '../../users/users.service.js'
import { type ChallengePurpose, createPasskeysRepository, type PasskeyRow } from './passkeys.repository.js'
import type { RelyingParty } from './relying-party.js'

type PasskeysDeps = Pick<Deps, 'database' | 'clock' | 'logger'>

/** How long a challenge may be answered: the browser's prompt times out at the same moment. */
export const challengeLifetimeMs = 5 * 60_000
const rpName = 'Ferry'

/** Options as JSON for the browser (@simplewebauthn/browser reads them). */
type WebAuthnOptions = PasskeyOptionsResponse['options']

/** A user id (UUID) as the WebAuthn user handle: its 16 bytes, so an assertion names its account. */
const userHandleOf = (userId: string) => Buffer.from(userId.replaceAll('-', ''), 'hex')

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
})

/** What a verified assertion proves: whose passkey it was. */
export interface PasskeyUse {
  userId: string
  passkeyId: string
}

/**
 * Passkeys (issue 23 item 2) with @simplewebauthn/server: registering them from the profile, and
 * checking assertions for passwordless sign-in or as a second step. Each challenge lives in the
 * database and is deleted by the answer that checks it, so it works once, on any instance, for 5
 * minutes. Rate limiting is the caller's (the sign-in limiter runs before `verify`).
 */
export function createPasskeys(deps: PasskeysDeps) {
  const { clock, logger } = deps
  const repo = createPasskeysRepository(deps.database.db)

  async function issueChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
    const expiresAt = new Date(clock.now().getTime() + challengeLifetimeMs)
    await repo.saveChallenge({ challenge, purpose, userId, expiresAt })
  }

  /**
   * Runs a @simplewebauthn verification whose challenge check deletes the challenge: a wrong,
   * expired or used one is 400 `passkey_challenge_invalid`; any other failure `failure`.
   */
  async function verifying<T>(
    purpose: ChallengePurpose,
    userId: string | null,
    failure: AppError,
    verify: (expectedChallenge: (challenge: string) => Promise<boolean>) => Promise<T>,
  ): Promise<T> {
    let challengeUsed = false
    const expectedChallenge = async (challenge: string) => {
      challengeUsed = await repo.consumeChallenge(challenge, purpose, userId, clock.now())
      return challengeUsed
    }
    try {
      return await verify(expectedChallenge)
    } catch (error) {
      if (error instanceof AppError) throw error
      logger.info({ reason: (error as Error).message }, 'Passkey refused')
      throw challengeUsed ? failure : new AppError('passkey_challenge_invalid', 400)
    }
  }

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await repo.list(userId)).map(toPasskey)
    },

    hasAny: async (userId: string): Promise<boolean> => (await repo.count(userId)) > 0,

    /** Options for navigator.credentials.create(): a discoverable credential, none the account has. */
    async registrationOptions(user: UserRecord, rp: RelyingParty): Promise<WebAuthnOptions> {
      const existing = await repo.list(user.id)
      const options = await generateRegistrationOptions({
        rpName,
        rpID: rp.rpID,
        userID: userHandleOf(user.id),
        userName: user.email,
        userDisplayName: user.name,
        attestationType: 'none',
        timeout: challengeLifetimeMs,
        excludeCredentials: existing.map((row) => ({ id: row.credentialId })),
        // Discoverable, so it can sign in without an email typed first.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      })
      await issueChallenge(options.challenge, 'register', user.id)
      return options as unknown as WebAuthnOptions
    },

    /** Verifies the browser's new credential against this account's challenge and keeps it. */
    async register(user: UserRecord, rp: RelyingParty, name: string, credential: PasskeyCredential): Promise<Passkey> {
      const verified = await verifying('register', user.id, new AppError('passkey_invalid', 400), (expectedChallenge) =>
        verifyRegistrationResponse({
          response: credential as RegistrationResponseJSON,
          expectedChallenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        }),
      )
      if (!verified.verified || !verified.registrationInfo) throw new AppError('passkey_invalid', 400)
      const { credential: made } = verified.registrationInfo
      const row = await repo.insert({
        userId: user.id,
        credentialId: made.id,
        publicKey: isoBase64URL.fromBuffer(made.publicKey),
        counter: made.counter,
        transports: made.transports ?? [],
        name,
        now: clock.now(),
      })
      if (!row) throw new AppError('passkey_already_registered', 409)
      return toPasskey(row)
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      const row = await repo.rename(userId, id, name)
      if (!row) throw new AppError('passkey_not_found', 404)
      return toPasskey(row)
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw new AppError('passkey_not_found', 404)
    },

    /** Options for navigator.credentials.get(), naming no credential: the browser offers its passkeys. */
    async signInOptions(rp: RelyingParty): Promise<WebAuthnOptions> {
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: 'preferred',
        timeout: challengeLifetimeMs,
      })
      await issueChallenge(options.challenge, 'sign-in', null)
      return options as unknown as WebAuthnOptions
    },

    /** The account a credential id belongs to (to key the sign-in limiter), before anything is checked. */
    async ownerOf(credential: PasskeyCredential): Promise<string | undefined> {
      return (await repo.findByCredentialId(credential.id))?.userId
    },

    /**
     * Checks an assertion: the challenge (once), origin, RP ID, signature, and a counter that grows.
     * With `userId`, the passkey must be that account's (the second step); `passwordless` also needs
     * the authenticator to have verified the person (PIN, biometrics), since it is then the only
     * factor. 401 `passkey_unknown` for a credential no account has, 401 `passkey_invalid` otherwise.
     */
    async verify(
      rp: RelyingParty,
      credential: PasskeyCredential,
      { userId, passwordless }: { userId?: string; passwordless: boolean },
    ): Promise<PasskeyUse> {
      const row = await repo.findByCredentialId(credential.id)
      if (!row || (userId !== undefined && row.userId !== userId)) throw new AppError('passkey_unknown', 401)
      const handle = credential.response.userHandle
      if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(row.userId))) {
        throw new AppError('passkey_invalid', 401)
      }
      const invalid = new AppError('passkey_invalid', 401)
      const result = await verifying('sign-in', null, invalid, (expectedChallenge) =>
        verifyAuthenticationResponse({
          response: credential as AuthenticationResponseJSON,
          expectedChallenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: {
            id: row.credentialId,
            publicKey: isoBase64URL.toBuffer(row.publicKey),
            counter: row.counter,
            transports: row.transports as never,
          },
          requireUserVerification: passwordless,
        }),
      )
      if (!result.verified) throw invalid
      if (!(await repo.recordUse(row.id, row.counter, result.authenticationInfo.newCounter, clock.now()))) throw invalid
      return { userId: row.userId, passkeyId: row.id }
    },

    sweepChallenges: (): Promise<number> => repo.sweepChallenges(clock.now()),
  }
}

export type Passkeys = ReturnType<typeof createPasskeys>
