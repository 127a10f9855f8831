import type { ActiveSessionsResponse } from '@ferry/contracts/api/sessions'
import { sessionsApi as routes } from '@ferry/contracts/routes/sessions'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** Where the signed-in account is signed in (issue 23 item 4), through the contracts' routes. */
export interface SessionsApi {
  list(signal?: AbortSignal): Promise<ActiveSessionsResponse>
  signOut(id: string): Promise<void>
  signOutOthers(): Promise<number>
}

export function createSessionsApi(client: ApiClient = apiClient): SessionsApi {
  return {
    list: (signal) => client.call(routes.list, {}, { signal }),
    signOut: async (id) => {
      await client.call(routes.signOut, { params: { id } })
    },
    signOutOthers: async () => (await client.call(routes.signOutOthers, {})).signed_out,
  }
}

const sessionsApi = createSessionsApi()
const sessionsKey = ['active-sessions'] as const

export function useActiveSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => sessionsApi.list(signal) })
}

export function useSignOutSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string | 'others'): Promise<void> => {
      if (id === 'others') await sessionsApi.signOutOthers()
      else await sessionsApi.signOut(id)
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  })
}
