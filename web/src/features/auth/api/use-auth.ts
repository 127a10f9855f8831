import type { LoginResponse } from '@ferry/contracts/api/auth'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { isApiError } from '../../../lib/api-error.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { paths } from '../../../lib/paths.js'
import type { AuthFormResult } from '../auth-form-validation.js'
import { loadGoogleIdentity, requestGoogleCredential } from '../google/google-identity.js'
import { signInWithGoogle } from '../google/google-sign-in.js'
import { sessionStore, whileLeaving } from '../session.js'
import { rememberSignIn } from '../sign-in.js'
import { authApi, type SecondStepAnswer } from './auth-api.js'

type ValidAuthForm = Extract<AuthFormResult, { ok: true }>

function completeSignIn(queryClient: QueryClient, response: LoginResponse) {
  rememberSignIn(sessionStore, response)
  // What the server answers (plan limits, lists) depends on who is asking.
  void queryClient.invalidateQueries()
}

/** Logs in or registers with the auth form's checked values, then stores the session. */
export function useEmailSignIn() {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  return useMutation({
    mutationFn: (form: ValidAuthForm) =>
      form.mode === 'login'
        ? authApi.login(form.body)
        : // The account's emails are written in the language it signed up in.
          authApi.register({ ...form.body, language: currentLanguage(i18n) }),
    onSuccess: (response) => completeSignIn(queryClient, response),
  })
}

/** Google sign-in (spec/transfers.md §8); failures are GoogleSignInError. */
export function useGoogleSignIn() {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  return useMutation({
    mutationFn: () =>
      signInWithGoogle({
        exchange: (token) => authApi.google(token, currentLanguage(i18n)),
        clientId: authApi.googleClientId,
        loadIdentity: loadGoogleIdentity,
        requestCredential: requestGoogleCredential,
      }),
    onSuccess: (response) => completeSignIn(queryClient, response),
  })
}

/** Passwordless sign-in (issue 23 item 2): the browser offers its passkeys for this site. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => authApi.passkeySignIn(await authApi.passkeyAssertion()),
    onSuccess: (response) => completeSignIn(queryClient, response),
  })
}

/** Google's credential again, with the second step's answer (issue 23). */
export function useGoogleSecondStep() {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  return useMutation({
    mutationFn: ({ credential, answer }: { credential: string; answer: SecondStepAnswer }) =>
      authApi.google(credential, currentLanguage(i18n), answer),
    onSuccess: (response) => completeSignIn(queryClient, response),
  })
}

/**
 * Logout: the server revokes the session and clears its cookie, then everything stored here is
 * cleared and the user lands on /. The server answers first, so nothing refetched as a visitor
 * still carries the cookie. The home page is reached before the session ends here, so a page
 * behind a login guard does not first bounce to /login. A server that cannot be reached does not
 * keep anyone signed in here.
 */
export function useLogout(): () => Promise<void> {
  const leave = useLeave()
  return useCallback(
    () =>
      whileLeaving(async () => {
        const endSessionUrl = await authApi.logout().catch(() => undefined)
        await leave()
        // Signed in through a provider: its own session ends too (it sends the browser back to /signin).
        if (endSessionUrl) window.location.assign(endSessionUrl)
      }),
    [leave],
  )
}

/**
 * "Log out of all devices" (product.md §15): the server ends every session of the user, this one
 * included, then this browser forgets the login as on logout. A refusal other than an already
 * ended session (401) is thrown, and the user stays signed in here.
 */
export function useLogoutAll() {
  const leave = useLeave()
  return useMutation({
    mutationFn: () =>
      whileLeaving(async () => {
        try {
          await authApi.logoutAll()
        } catch (error) {
          if (!(isApiError(error) && error.status === 401)) throw error
        }
        await leave()
      }),
  })
}

function useLeave(): () => Promise<void> {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    await navigate(paths.home)
    sessionStore.signOut()
    // Drops the signed-in user's data and refetches what is on screen as a visitor.
    void queryClient.resetQueries()
  }, [navigate, queryClient])
}
