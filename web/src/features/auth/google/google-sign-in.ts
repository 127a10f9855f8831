import type { LoginResponse } from '@ferry/contracts/api/auth'
import type { SecondFactorMethod } from '@ferry/contracts/api/passkeys'
import { isApiError } from '../../../lib/api-error.js'
import { type GoogleAccountsId, GoogleSignInError } from './google-identity.js'

export interface GoogleSignInDeps {
  /** POST /auth/google {token}: 501 when the server has no GOOGLE_CLIENT_ID. */
  exchange(token: string): Promise<LoginResponse>
  /** The client id the server accepts Google tokens for (GET /auth/config), null without Google. */
  clientId(): Promise<string | null>
  loadIdentity(): Promise<GoogleAccountsId>
  requestCredential(id: GoogleAccountsId, clientId: string): Promise<string>
}

/**
 * Google vouched for the person, and the account asks for its second step (issue 23): the
 * credential is kept to send again with the code, and the methods the account can answer with
 * (a passkey among them) are offered as after a password.
 */
export class GoogleSecondStepNeeded extends Error {
  constructor(
    readonly credential: string,
    readonly methods: readonly SecondFactorMethod[] = [],
  ) {
    super('Google sign-in: second step needed')
    this.name = 'GoogleSecondStepNeeded'
  }
}

function asFailure(error: unknown): Error {
  if (error instanceof GoogleSignInError || error instanceof GoogleSecondStepNeeded) return error
  if (isApiError(error) && error.status === 501) return new GoogleSignInError('not_configured', error)
  return new GoogleSignInError('failed', error)
}

/**
 * Google sign-in as spec/transfers.md §8 and product.md §7 describe it: ask the server whether Google is
 * configured (so an install without it says so before Google's script is downloaded), load the
 * script, get an ID token and exchange it for a login. Every failure is a GoogleSignInError
 * saying which message to show.
 */
export async function signInWithGoogle(deps: GoogleSignInDeps): Promise<LoginResponse> {
  try {
    const clientId = await deps.clientId()
    if (!clientId) throw new GoogleSignInError('not_configured')
    const id = await deps.loadIdentity()
    const credential = await deps.requestCredential(id, clientId)
    return await deps.exchange(credential).catch((error: unknown) => {
      if (!isApiError(error) || error.code !== 'second_factor_required') throw error
      const listed = (error.body as { methods?: SecondFactorMethod[] } | undefined)?.methods
      throw new GoogleSecondStepNeeded(credential, Array.isArray(listed) ? listed : [])
    })
  } catch (error) {
    throw asFailure(error)
  }
}
