import type { ConfirmEmailRequest } from '@ferry/contracts/api/auth'
import { useMutation } from '@tanstack/react-query'
import { sessionStore } from '../session.js'
import { authApi } from './auth-api.js'

/** Reads the signed-in user again, so the notice and the forms see the confirmation. */
async function refreshUser() {
  if (!sessionStore.getSnapshot().user) return
  // The session rides in the httpOnly cookie; /auth/verify reads it.
  const answer = await authApi.verify().catch(() => undefined)
  if (answer?.user) sessionStore.updateUser(answer.user)
}

/** POST /auth/confirm-email (spec/accounts.md §2): the link's token, or the email and the code. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (body: ConfirmEmailRequest) => authApi.confirmEmail(body),
    onSuccess: refreshUser,
  })
}

/** POST /auth/confirm-email/resend: a new link and code by email. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: () => authApi.resendConfirmation() })
}
