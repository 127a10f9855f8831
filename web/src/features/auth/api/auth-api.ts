import {
  authConfigResponse,
  authPaths,
  type ConfirmEmailRequest,
  type LoginRequest,
  type LoginResponse,
  loginResponse,
  type RegisterRequest,
  type VerifyResponse,
  verifyResponse,
} from '@ferry/contracts/api/auth'
import type { Language } from '@ferry/contracts/domain/languages'
import { type ApiClient, createApiClient } from '../../../lib/api-client.js'

/** The auth service of spec/transfers.md §7 (base /auth, cookies sent). */
export interface AuthApi {
  login(body: LoginRequest): Promise<LoginResponse>
  register(body: RegisterRequest): Promise<LoginResponse>
  /** Exchanges a Google ID token (and the language for a new account); 501 when the server has no Google client id. */
  google(token: string, language?: Language): Promise<LoginResponse>
  /** Revokes the session of the auth cookie and clears the cookie. */
  logout(): Promise<void>
  /** Ends every session of the signed-in user, this one included, and clears the cookie. */
  logoutAll(): Promise<void>
  /** Whether the auth cookie's session is still valid, and its user as the server has it now. */
  verify(): Promise<VerifyResponse>
  /** GET /auth/config: the Google OAuth client id the server accepts, or null without Google. */
  googleClientId(): Promise<string | null>
  /** POST /auth/confirm-email with the link's token or the email and the 6-digit code (spec/accounts.md §2). */
  confirmEmail(body: ConfirmEmailRequest): Promise<void>
  /** POST /auth/confirm-email/resend: a new link and code by email (throttled: 429 with Retry-After). */
  resendConfirmation(): Promise<void>
}

export function createAuthApi(client: ApiClient): AuthApi {
  return {
    login: (body) => client.post(authPaths.login, body, { schema: loginResponse }),
    register: (body) => client.post(authPaths.register, body, { schema: loginResponse }),
    google: (token, language) => client.post(authPaths.google, { token, language }, { schema: loginResponse }),
    logout: async () => {
      await client.post(authPaths.logout)
    },
    logoutAll: async () => {
      await client.post(authPaths.logoutAll)
    },
    verify: () => client.post(authPaths.verify, {}, { schema: verifyResponse }),
    googleClientId: async () => (await client.get(authPaths.config, { schema: authConfigResponse })).google_client_id,
    confirmEmail: async (body) => {
      await client.post(authPaths.confirmEmail, body)
    },
    resendConfirmation: async () => {
      await client.post(authPaths.resendConfirmation)
    },
  }
}

/** A wrong password answers 401 here, which must not count as a lost session. */
export const authApi = createAuthApi(createApiClient({ handleUnauthorized: false }))
