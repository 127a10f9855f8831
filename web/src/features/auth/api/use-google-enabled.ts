import { useAuthConfig } from './use-auth-config.js'

/**
 * Whether the server takes Google sign-in (GET /auth/config has a client id). The button stays
 * hidden until the answer says so: offering it where it can only fail is worse than a moment
 * without it.
 */
export function useGoogleEnabled(): boolean {
  const clientId = useAuthConfig((config) => config.googleClientId).data
  return typeof clientId === 'string' && clientId !== ''
}
