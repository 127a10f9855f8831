import type { BillingInterval } from '@ferry/contracts/api/billing'
import { msPerDay } from '@ferry/contracts/domain/trial'

/** One billing period after `from`: a calendar month or year (UTC; Jan 31 + 1 month = Mar 3). */
export function addInterval(from: Date, interval: BillingInterval): Date {
  const next = new Date(from)
  if (interval === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1)
  else next.setUTCMonth(next.getUTCMonth() + 1)
  return next
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * msPerDay)
}
