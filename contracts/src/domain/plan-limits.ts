/**
 * The limits a plan gives, computed the same way on the server (enforcement) and in the browser
 * (labels, counters). Sizes step by 1024 (product.md §11): 1 GB here is 1024^3 bytes.
 * `null` means unlimited everywhere (product.md §1).
 */

export const bytesPerGb = 1024 ** 3
export const msPerHour = 60 * 60 * 1000

/** The plan fields the limits are computed from (a Plan from the API fits). */
export interface PlanLimitFields {
  max_transfer_size_gb: number | null
  max_transfer_expiry_hours: number | null
  max_monthly_data_gb: number | null
  max_room_users: number
  max_recipients: number
  max_daily_transfers: number | null
}

/** A plan's limits in the units code compares against; null is unlimited. */
export interface PlanLimits {
  maxTransferBytes: number | null
  maxExpiryHours: number | null
  maxRecipients: number
  maxDailyTransfers: number | null
  maxMonthlyBytes: number | null
  maxRoomUsers: number
}

/** GB (1024^3 bytes) to whole bytes; null stays null (unlimited). */
export function gbToBytes(gb: number | null): number | null {
  return gb === null ? null : Math.floor(gb * bytesPerGb)
}

/** Bytes to GB (1024^3), unrounded. */
export function bytesToGb(bytes: number): number {
  return bytes / bytesPerGb
}

export function limitsFor(plan: PlanLimitFields): PlanLimits {
  return {
    maxTransferBytes: gbToBytes(plan.max_transfer_size_gb),
    maxExpiryHours: plan.max_transfer_expiry_hours,
    maxRecipients: plan.max_recipients,
    maxDailyTransfers: plan.max_daily_transfers,
    maxMonthlyBytes: gbToBytes(plan.max_monthly_data_gb),
    maxRoomUsers: plan.max_room_users,
  }
}

/** Whether `value` is within `limit` (null = unlimited). */
export function withinLimit(value: number, limit: number | null): boolean {
  return limit === null || value <= limit
}

/** Whether a transfer of `totalBytes` fits the plan's size limit. */
export function fitsTransferSize(limits: PlanLimits, totalBytes: number): boolean {
  return withinLimit(totalBytes, limits.maxTransferBytes)
}

/** Whether `count` recipients are allowed ('N of M recipients'). */
export function fitsRecipients(limits: PlanLimits, count: number): boolean {
  return count <= limits.maxRecipients
}

/** Whether one more transfer is allowed after `sentToday` (null limit = unlimited). */
export function mayStartTransfer(limits: PlanLimits, sentToday: number): boolean {
  return limits.maxDailyTransfers === null || sentToday < limits.maxDailyTransfers
}

/** Whether `addedBytes` more fit the monthly data cap after `usedBytes` this month. */
export function fitsMonthlyData(limits: PlanLimits, usedBytes: number, addedBytes: number): boolean {
  return withinLimit(usedBytes + addedBytes, limits.maxMonthlyBytes)
}

/**
 * The expiry (in hours) a transfer gets (product.md §3): the requested hours capped at the plan
 * maximum, and the plan maximum when none was requested. Null only when the plan is unlimited
 * and nothing was requested (the transfer does not expire).
 */
export function effectiveExpiryHours(limits: PlanLimits, requestedHours?: number | null): number | null {
  if (requestedHours === undefined || requestedHours === null) return limits.maxExpiryHours
  return limits.maxExpiryHours === null ? requestedHours : Math.min(requestedHours, limits.maxExpiryHours)
}

/** The instant a transfer created at `from` expires, or null when it does not. */
export function expiresAt(from: Date, hours: number | null): Date | null {
  return hours === null ? null : new Date(from.getTime() + hours * msPerHour)
}
