import { useQuery } from '@tanstack/react-query'
import { authApi } from './auth-api.js'

/**
 * Whether the server takes Google sign-in (GET /auth/config has a client id). The button stays
 * hidden until the answer says so: offering it where it can only fail is worse than a moment
 * without it.
 */
export function useGoogleEnabled(): boolean {
  const config = useQuery({
    queryKey: ['auth', 'config', 'google'],
    queryFn: () => authApi.googleClientId(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  })
  return typeof config.data === 'string' && config.data !== ''
}
