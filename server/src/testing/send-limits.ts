/**
 * Send throttles out of the way (they have tests of their own, send-throttle.test.ts): test files
 * send many transfers from one address and from brand-new accounts.
 */
export const generousSendLimits: Record<string, string> = {
  SEND_TRANSFERS_PER_HOUR: '100000',
  SEND_TRANSFERS_PER_DAY: '100000',
  SEND_RECIPIENT_EMAILS_PER_HOUR: '100000',
  SEND_RECIPIENT_EMAILS_PER_DAY: '100000',
  SEND_NEW_ACCOUNT_TRANSFERS_PER_DAY: '100000',
  SEND_NEW_ACCOUNT_RECIPIENT_EMAILS_PER_DAY: '100000',
}
