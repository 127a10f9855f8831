import type { Plan } from '@ferry/contracts/api/plans'
import {
  recipientProblem,
  recoveryExtensionHours,
  splitRecipientInput,
  type TransferCreateInput,
  unlimitedPlanDefaultExpiryHours,
  unlimitedPlanMaxExpiryHours,
} from '@ferry/contracts/api/transfers'
import { formatFileSize } from '@ferry/contracts/domain/file-size'
import { limitsFor, msPerHour } from '@ferry/contracts/domain/plan-limits'
import { type ErrorCode, errorText } from '@ferry/contracts/errors'
import { AppError, RetryLaterError } from '../../errors.js'

/** An AppError with the spec's message for `code`, its `{n}` / `{value}` / `{size}` filled in (one: the singular). */
export function ruleError(
  code: ErrorCode,
  status: number,
  values: { n?: number | string; value?: string; size?: number } = {},
) {
  const detail = errorText(code, {
    n: values.n ?? '',
    value: values.value ?? '',
    size: values.size === undefined ? '' : formatFileSize(values.size),
  })
  return new AppError(code, status, detail)
}

/**
 * The recipients of a create payload, split, lower-cased and checked by the rules of spec/transfers.md §5
 * (the same function the form uses); 400 with the spec's message on the first problem.
 */
export function recipientsOf(input: Pick<TransferCreateInput, 'recipient_emails' | 'recipient_email'>, plan: Plan) {
  const given = input.recipient_emails.length > 0 ? input.recipient_emails : [input.recipient_email ?? '']
  const emails = given.flatMap(splitRecipientInput)
  const problem = recipientProblem(emails, limitsFor(plan).maxRecipients)
  if (problem) {
    const { code, ...values } = problem
    throw ruleError(code, 400, values)
  }
  return emails
}

/**
 * Hours until expiry (product.md §3): the chosen hours, up to the plan's maximum (422 beyond, on
 * create and on edit alike: a well-formed value the plan's rule refuses); the maximum by default.
 * Plans without a maximum default to 30 days and allow up to a year.
 */
export function expiryHoursFor(plan: Plan, requested: number | null | undefined): number {
  const max = limitsFor(plan).maxExpiryHours
  if (requested === null || requested === undefined) return max ?? unlimitedPlanDefaultExpiryHours
  const allowed = max ?? unlimitedPlanMaxExpiryHours
  if (requested > allowed) throw ruleError('transfer_expiry_too_long', 422, { n: allowed })
  return requested
}

/** The monthly data cap alone, for bytes added to a transfer already sent (its daily count was taken then). */
export function assertWithinMonthlyData(plan: Plan, monthBytes: number, addedBytes: number): void {
  const limit = limitsFor(plan).maxMonthlyBytes
  if (limit !== null && monthBytes + addedBytes > limit) throw ruleError('transfer_monthly_data', 403, { size: limit })
}

/** The files' real total against the plan's per-transfer limit; 403 with the spec's wording. */
export function assertFitsTransferSize(plan: Plan, totalBytes: number): void {
  const limit = limitsFor(plan).maxTransferBytes
  if (limit === null || totalBytes <= limit) return
  throw ruleError(plan.role === 'FREE' ? 'transfer_too_large_free' : 'transfer_too_large', 403, { size: limit })
}

/**
 * product.md §4: the daily transfer count and the monthly data cap, both from the plan. The daily
 * count's refusal says when sending works again: the next UTC midnight.
 */
export function assertWithinUsage(
  plan: Plan,
  usage: { today: number; monthBytes: number },
  totalBytes: number,
  now = new Date(),
) {
  const limits = limitsFor(plan)
  if (limits.maxDailyTransfers !== null && usage.today >= limits.maxDailyTransfers) {
    const { detail } = ruleError('transfer_daily_limit', 403, { n: limits.maxDailyTransfers })
    throw new RetryLaterError('transfer_daily_limit', 403, addHours(startOfUtcDay(now), 24), now, detail)
  }
  if (limits.maxMonthlyBytes !== null && usage.monthBytes + totalBytes > limits.maxMonthlyBytes) {
    throw ruleError('transfer_monthly_data', 403, { size: limits.maxMonthlyBytes })
  }
}

export const addHours = (from: Date, hours: number) => new Date(from.getTime() + hours * msPerHour)

/** When a transfer's files may go: at expiry, or after the recovery grace when the plan offers recovery. */
export function purgeAfter(plan: Pick<Plan, 'recovery_allowed'>, expiresAt: Date): Date {
  return plan.recovery_allowed ? addHours(expiresAt, recoveryExtensionHours) : expiresAt
}

export const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))
export const startOfUtcMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))

/** A recipient's 403 for an expired share: it carries the title and the sender's name, nothing else (walk 9.3). */
export class ShareExpiredError extends AppError {
  constructor(
    readonly title: string,
    readonly senderName: string,
  ) {
    super('transfer_expired', 403, errorText('transfer_expired', { n: '', value: '', size: '' }))
  }
}

/** A recipient's 410 once the download limit was reached: like an expired share, only the title and the sender's name. */
export class ShareSpentError extends AppError {
  constructor(
    readonly title: string,
    readonly senderName: string,
  ) {
    super('download_limit_reached', 410, errorText('download_limit_reached', { n: '', value: '', size: '' }))
  }
}
