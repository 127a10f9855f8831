import { useQuery } from '@tanstack/react-query'
import { authApi } from './auth-api.js'

/**
 * GET /auth/config, asked once for the page: the Google button and the operator's single sign-on
 * button read the same answer (one request, which e2e/auth.spec.ts counts).
 */
export function useAuthConfig<T>(select: (config: { googleClientId: string | null; ssoName: string | null }) => T) {
  return useQuery({
    queryKey: ['auth', 'config'],
    queryFn: () => authApi.config(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    select,
  })
}
