/**
 * The invitation token while its reader signs in or up. The sign-in page comes back to
 * `/organization/join` without the token in its `?next=` (a secret never goes into a URL the
 * server could see or log); the join page finds it here. Session storage: it dies with the tab.
 */
const key = 'ferry.organizationInvitation'

export function rememberInvitationToken(token: string): void {
  try {
    sessionStorage.setItem(key, token)
  } catch {
    // Storage blocked: the reader opens the emailed link again after signing in.
  }
}

export function rememberedInvitationToken(): string {
  try {
    return sessionStorage.getItem(key) ?? ''
  } catch {
    return ''
  }
}

export function forgetInvitationToken(): void {
  try {
    sessionStorage.removeItem(key)
  } catch {
    // Nothing was kept.
  }
}

/** The token of `/organization/join#token=…`, else the one kept for after signing in. */
export function invitationTokenFrom(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() || rememberedInvitationToken()
}
