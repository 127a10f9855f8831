import type { ChangeEmailRequest, ChangePasswordRequest } from '@ferry/contracts/api/account'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sessionStore } from '../../auth/index.js'
import { accountApi } from './account-api.js'

const accountKey = ['account'] as const

/** GET /api/account: what the settings show (has a password, a pending new address). */
export function useAccount(enabled = true) {
  return useQuery({ queryKey: accountKey, queryFn: ({ signal }) => accountApi.get(signal), enabled })
}

/** Saves the name; the header and profile show it at once. */
export function useChangeName() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => accountApi.changeName(name),
    onSuccess: (user) => {
      sessionStore.updateUser(user)
      void queryClient.invalidateQueries({ queryKey: accountKey })
    },
  })
}

/** Emails a link to the new address; the settings then show it as pending. */
export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => accountApi.changeEmail(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKey }),
  })
}

/** Changes the password; the server has already set this device's new cookie. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordRequest) => accountApi.changePassword(body) })
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (confirmation: string) => accountApi.deleteAccount(confirmation) })
}
