/** Google Identity Services, the script spec/transfers.md §7 loads for sign-in. */
export const googleIdentityScriptUrl = 'https://accounts.google.com/gsi/client'
const loadTimeoutMs = 15_000

export type GoogleSignInFailure = 'not_configured' | 'load_failed' | 'init_failed' | 'failed' | 'cancelled'

/** Why Google sign-in stopped; `cause` holds the server's ApiError when it refused the token. */
export class GoogleSignInError extends Error {
  readonly failure: GoogleSignInFailure
  override readonly cause: unknown

  constructor(failure: GoogleSignInFailure, cause?: unknown) {
    super(`Google sign-in: ${failure}`)
    this.name = 'GoogleSignInError'
    this.failure = failure
    this.cause = cause
  }
}

interface CredentialResponse {
  credential?: string
}

interface PromptMomentNotification {
  isNotDisplayed?(): boolean
  isSkippedMoment?(): boolean
  isDismissedMoment?(): boolean
  getDismissedReason?(): string
}

/** The part of `google.accounts.id` Ferry uses. */
export interface GoogleAccountsId {
  initialize(config: {
    client_id: string
    callback(response: CredentialResponse): void
    cancel_on_tap_outside?: boolean
    use_fedcm_for_prompt?: boolean
  }): void
  prompt(listener?: (notification: PromptMomentNotification) => void): void
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } }
  }
}

let loading: Promise<GoogleAccountsId> | undefined

/**
 * Adds Google's script once and resolves with `google.accounts.id`. A failed load is forgotten,
 * so the next click tries again; rejects with `load_failed` or `init_failed`.
 */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const loaded = window.google?.accounts?.id
  if (loaded) return Promise.resolve(loaded)
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script')
    const fail = (failure: GoogleSignInFailure) => {
      clearTimeout(timer)
      script.remove()
      reject(new GoogleSignInError(failure))
    }
    const timer = setTimeout(() => fail('load_failed'), loadTimeoutMs)
    script.src = googleIdentityScriptUrl
    script.async = true
    script.onerror = () => fail('load_failed')
    script.onload = () => {
      const id = window.google?.accounts?.id
      if (!id) return fail('init_failed')
      clearTimeout(timer)
      resolve(id)
    }
    document.head.append(script)
  }).catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/** Shows Google's account chooser and resolves with the ID token the user picks. */
export function requestGoogleCredential(id: GoogleAccountsId, clientId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    try {
      id.initialize({
        client_id: clientId,
        callback: (response) =>
          response.credential ? resolve(response.credential) : reject(new GoogleSignInError('failed')),
        cancel_on_tap_outside: true,
        use_fedcm_for_prompt: true,
      })
      id.prompt((notification) => {
        // Once a credential has resolved the promise, these rejections change nothing.
        if (notification.isNotDisplayed?.()) reject(new GoogleSignInError('failed'))
        else if (notification.isSkippedMoment?.()) reject(new GoogleSignInError('cancelled'))
        else if (notification.isDismissedMoment?.() && notification.getDismissedReason?.() !== 'credential_returned')
          reject(new GoogleSignInError('cancelled'))
      })
    } catch (error) {
      reject(new GoogleSignInError('init_failed', error))
    }
  })
}
