import type {
  ConfirmEmailRequest,
  GoogleRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  VerifyResponse,
} from '@ferry/contracts/api/auth'
import type { PasskeyCredential } from '@ferry/contracts/api/passkeys'
import type { SsoDiscoverResponse } from '@ferry/contracts/api/sso'
import type { Language } from '@ferry/contracts/domain/languages'
import { accountApi as accountRoutes } from '@ferry/contracts/routes/account'
import { authApi as routes } from '@ferry/contracts/routes/auth'
import { passkeysApi } from '@ferry/contracts/routes/passkeys'
import { ssoApi } from '@ferry/contracts/routes/sso'
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser'
import { type ApiClient, createApiClient } from '../../../lib/api-client.js'

/** What sign-in's second step adds (issue 23): a code or a recovery code, and "remember this device". */
export type SecondStepAnswer = Pick<GoogleRequest, 'totp_code' | 'recovery_code' | 'passkey' | 'remember_device'>

/** The auth service of spec/transfers.md §7 (base /auth, cookies sent). */
export interface AuthApi {
  login(body: LoginRequest): Promise<LoginResponse>
  register(body: RegisterRequest): Promise<LoginResponse>
  /** Exchanges a Google ID token (and the language for a new account); 501 when the server has no Google client id. */
  google(token: string, language?: Language, secondStep?: SecondStepAnswer): Promise<LoginResponse>
  /**
   * Revokes the session of the auth cookie and clears the cookie; after single sign-on, the
   * provider's end-session address (to end its session too), when it has one.
   */
  logout(): Promise<string | undefined>
  /** Ends every session of the signed-in user, this one included, and clears the cookie. */
  logoutAll(): Promise<void>
  /** Whether the auth cookie's session is still valid, and its user as the server has it now. */
  verify(): Promise<VerifyResponse>
  /** GET /auth/config: the Google OAuth client id the server accepts, or null without Google. */
  googleClientId(): Promise<string | null>
  /** GET /auth/config: the name of the operator's OpenID provider, or null without one. */
  ssoName(): Promise<string | null>
  /** GET /auth/config, both answers at once. */
  config(): Promise<{ googleClientId: string | null; ssoName: string | null }>
  /** GET /auth/sso/discover: whether the address's domain signs in with its organization's provider. */
  ssoDiscover(email: string): Promise<SsoDiscoverResponse>
  /** POST /auth/confirm-email with the link's token or the email and the 6-digit code (spec/accounts.md §2). */
  confirmEmail(body: ConfirmEmailRequest): Promise<void>
  /** POST /auth/confirm-email/resend: a new link and code by email (throttled: 429 with Retry-After). */
  resendConfirmation(): Promise<void>
  /** Asks the server for a challenge and lets the browser sign it with one of its passkeys. */
  passkeyAssertion(): Promise<PasskeyCredential>
  /** POST /auth/passkey: signs in with the passkey alone. */
  passkeySignIn(credential: PasskeyCredential): Promise<LoginResponse>
  /** POST /auth/forgot-password: 202 whether or not the address has an account (product.md §23). */
  forgotPassword(email: string): Promise<void>
  /** POST /auth/reset-password with the emailed link's token: 204, once. */
  resetPassword(token: string, password: string): Promise<void>
}

export function createAuthApi(client: ApiClient): AuthApi {
  return {
    login: (body) => client.call(routes.login, { body }),
    register: (body) => client.call(routes.register, { body }),
    google: (token, language, secondStep) => client.call(routes.google, { body: { token, language, ...secondStep } }),
    logout: async () => (await client.call(routes.logout)).end_session_url,
    logoutAll: async () => {
      await client.call(routes.logoutAll)
    },
    verify: () => client.call(routes.verify, { body: {} }),
    googleClientId: async () => (await client.call(routes.config)).google_client_id,
    ssoName: async () => (await client.call(routes.config)).oidc?.name ?? null,
    config: async () => {
      const config = await client.call(routes.config)
      return { googleClientId: config.google_client_id, ssoName: config.oidc?.name ?? null }
    },
    ssoDiscover: (email) => client.call(ssoApi.discover, { query: { email } }),
    confirmEmail: async (body) => {
      await client.call(routes.confirmEmail, { body })
    },
    resendConfirmation: async () => {
      await client.call(routes.resendConfirmation)
    },
    passkeyAssertion: async () => {
      const { options } = await client.call(passkeysApi.signInOptions)
      const credential = await startAuthentication({
        optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      })
      return credential as PasskeyCredential
    },
    passkeySignIn: (credential) => client.call(passkeysApi.signIn, { body: { credential } }),
    forgotPassword: async (email) => {
      await client.call(accountRoutes.forgotPassword, { body: { email } })
    },
    resetPassword: async (token, password) => {
      await client.call(accountRoutes.resetPassword, { body: { token, password } })
    },
  }
}

/** A wrong password answers 401 here, which must not count as a lost session. */
export const authApi = createAuthApi(createApiClient({ handleUnauthorized: false }))
