import { unlimitedPlanDefaultExpiryHours, unlimitedPlanMaxExpiryHours } from '@ferry/contracts/api/transfers'

/** The expiries the send form offers, in hours, before the plan's maximum cuts the list. */
const presetHours = [1, 6, 24, 3 * 24, 7 * 24, 14 * 24, 30 * 24, 90 * 24, 365 * 24] as const

export interface ExpiryOption {
  hours: number
  /** The choice a form that was not touched stands for: the server's default (the plan's maximum). */
  isDefault: boolean
}

/**
 * The send form's expiry choices (POST /api/transfers `expires_in_hours`, at most the plan's
 * max_transfer_expiry_hours): the presets up to the plan's maximum, and the maximum itself when
 * it is not one of them. The default is what the server gives when none is sent: the plan's
 * maximum, or 30 days on a plan without one.
 */
export function expiryOptions(maxExpiryHours: number | null): ExpiryOption[] {
  const max = maxExpiryHours ?? unlimitedPlanMaxExpiryHours
  const fallback = maxExpiryHours ?? unlimitedPlanDefaultExpiryHours
  const hours: number[] = presetHours.filter((h) => h <= max)
  if (!hours.includes(max)) hours.push(max)
  return hours.map((h) => ({ hours: h, isDefault: h === fallback }))
}

/** An expiry in hours as the form names it: whole days from a day up, hours below. */
export function expiryParts(hours: number): { unit: 'hours' | 'days'; count: number } {
  return hours >= 24 && hours % 24 === 0 ? { unit: 'days', count: hours / 24 } : { unit: 'hours', count: hours }
}
