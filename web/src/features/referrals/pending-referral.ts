/** Where a /register?ref={code} link's code waits until the new user upgrades (spec/accounts.md §2, §4). */
export const pendingReferralKey = 'ferry_referral_code'
const maxCodeLength = 64

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** Keeps a referral code from a sign-up link; blank or oversized codes are ignored. */
export function rememberReferralCode(raw: string | null | undefined): void {
  const code = raw?.trim()
  if (!code || code.length > maxCodeLength) return
  try {
    storage()?.setItem(pendingReferralKey, code)
  } catch {
    // Private mode or full storage: the code is simply not remembered.
  }
}

/** The remembered code, or '' when there is none. */
export function pendingReferralCode(): string {
  try {
    return storage()?.getItem(pendingReferralKey)?.trim() ?? ''
  } catch {
    return ''
  }
}

export function forgetReferralCode(): void {
  try {
    storage()?.removeItem(pendingReferralKey)
  } catch {
    // Nothing stored.
  }
}
