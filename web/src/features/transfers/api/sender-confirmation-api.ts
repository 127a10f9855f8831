import type { SenderConfirmationStatus } from '@ferry/contracts/api/sender-confirmation'
import { senderConfirmationApi as routes } from '@ferry/contracts/routes/sender-confirmation'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** Verified senders (issue 18 item 7): the code a Free sender confirms before the first transfer from a browser. */
export interface SenderConfirmationCalls {
  status(signal?: AbortSignal): Promise<SenderConfirmationStatus>
  sendCode(): Promise<void>
  confirm(code: string): Promise<void>
}

export function createSenderConfirmationCalls(client: ApiClient = apiClient): SenderConfirmationCalls {
  return {
    status: (signal) => client.call(routes.status, {}, { signal }),
    sendCode: async () => {
      await client.call(routes.sendCode, {})
    },
    confirm: async (code) => {
      await client.call(routes.confirm, { body: { code } })
    },
  }
}

export const senderConfirmationCalls = createSenderConfirmationCalls()

const statusKey = ['sender-confirmation'] as const

/** Whether this browser must still confirm a code before sending, and the address codes go to. */
export function useSenderConfirmationStatus(enabled: boolean) {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => senderConfirmationCalls.status(signal),
    enabled,
    staleTime: 60_000,
  })
}

export function useSendSenderCode() {
  return useMutation({ mutationFn: senderConfirmationCalls.sendCode })
}

export function useConfirmSender() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: senderConfirmationCalls.confirm,
    onSuccess: () =>
      queryClient.setQueryData(statusKey, (old: SenderConfirmationStatus | undefined) =>
        old ? { ...old, required: false } : old,
      ),
  })
}
