import type { ParseKeys } from 'i18next'

/** Which page sent the visitor to /login, as the dialog names it ('Log in to see My Transfers'). */
export type SignInReason = Extract<ParseKeys<'common'>, `auth.reason.${string}`>

const reasons: readonly [RegExp, SignInReason][] = [
  [/^\/transfers\/[^/]+/, 'auth.reason.transfer'],
  [/^\/transfers(\/)?$/, 'auth.reason.transfers'],
  [/^\/profile/, 'auth.reason.profile'],
  [/^\/invite/, 'auth.reason.invite'],
  [/^\/organization/, 'auth.reason.organization'],
  [/^\/transfer-history/, 'auth.reason.history'],
  [/^\/(upgrade\/success|checkout|recovery-success)/, 'auth.reason.billing'],
  [/^\/(admin|dashboard|tools$|mantine-guide|styleguide|subscribe)/, 'auth.reason.admin'],
]

/**
 * The reason for the sign-in page, from its `?next=` path; null when it was opened directly (or
 * the path is not one of ours), so the dialog shows no reason rather than a wrong one.
 */
export function signInReason(next: string | null): SignInReason | null {
  if (!next?.startsWith('/') || next.startsWith('//')) return null
  const path = next.split(/[?#]/)[0] ?? ''
  for (const [pattern, reason] of reasons) if (pattern.test(path)) return reason
  return 'auth.reason.generic'
}
