import { useAuthConfig } from './use-auth-config.js'

/** The operator's OpenID provider's name (GET /auth/config), or null: its button shows only with one. */
export function useSsoName(): string | null {
  return useAuthConfig((config) => config.ssoName).data ?? null
}
