import type { BillingInterval } from '@ferry/contracts/api/billing'
import { type Plan, type PlanTier, planIds } from '@ferry/contracts/api/plans'
import { gbToBytes } from '@ferry/contracts/domain/plan-limits'

export type { BillingInterval }
export type PlanFilter = 'all' | PlanTier

/** What a plan's price reads (spec/accounts.md §5): the yearly price when yearly is on and the plan has one, else monthly, else 'Contact us'. */
export type PriceDisplay =
  | { kind: 'free' }
  | { kind: 'contact' }
  | { kind: 'price'; amount: number; per: BillingInterval }

export function priceDisplay(
  plan: Pick<Plan, 'price_monthly' | 'price_yearly'>,
  interval: BillingInterval,
): PriceDisplay {
  const yearly = interval === 'yearly' && plan.price_yearly !== null
  const amount = yearly ? plan.price_yearly : plan.price_monthly
  if (amount === null) return { kind: 'contact' }
  if (amount === 0) return { kind: 'free' }
  return { kind: 'price', amount, per: yearly ? 'yearly' : 'monthly' }
}

/** Filter buttons of the upgrade page: All Plans, Individual, Organization. */
export function filterPlans<T extends Pick<Plan, 'tier'>>(plans: readonly T[], filter: PlanFilter): T[] {
  return filter === 'all' ? [...plans] : plans.filter((plan) => plan.tier === filter)
}

/**
 * What paying yearly saves against twelve monthly payments, in whole percent rounded down (a
 * claim is never overstated): the figure all paid plans share, else the largest with `upTo`.
 * Null when no plan has both prices.
 */
export function yearlySaving(
  plans: readonly Pick<Plan, 'price_monthly' | 'price_yearly'>[],
): { percent: number; upTo: boolean } | null {
  const savings = plans
    .filter((plan) => (plan.price_monthly ?? 0) > 0 && (plan.price_yearly ?? 0) > 0)
    // In hundredths of a percent first, so 19.999999… (float noise for 20 %) is not floored to 19.
    .map((plan) =>
      Math.floor(Math.round((1 - (plan.price_yearly ?? 0) / (12 * (plan.price_monthly ?? 0))) * 10_000) / 100),
    )
    .filter((percent) => percent > 0)
  if (savings.length === 0) return null
  const percent = Math.max(...savings)
  return { percent, upTo: savings.some((saving) => saving !== percent) }
}

/** The action a plan card offers (spec/accounts.md §2 Plan cards); a visitor is offered to sign up for the free plan. */
export type PlanAction = 'current' | 'downgrade' | 'signup' | 'contact' | 'choose'

export function planAction(
  plan: Pick<Plan, 'id' | 'is_selectable'>,
  currentPlanId: string | null,
  signedIn = true,
): PlanAction {
  if (plan.id === currentPlanId) return 'current'
  if (plan.id === planIds.guest) return signedIn ? 'downgrade' : 'signup'
  if (!plan.is_selectable) return 'contact'
  return 'choose'
}

/** Whether the 'Upgrade to {plan}' modal may open: never for Guest, the current plan or an unsold plan. */
export function mayChoose(plan: Pick<Plan, 'id' | 'is_selectable'>, currentPlanId: string | null): boolean {
  return planAction(plan, currentPlanId) === 'choose'
}

export const isRecommended = (plan: Pick<Plan, 'id'>) => plan.id === planIds.pro

/** A size limit given in GB (1024^3) as bytes, shown as every size is ('2 TiB'); null is unlimited. */
export type SizeDisplay = { bytes: number } | null

export function sizeDisplay(gb: number | null): SizeDisplay {
  const bytes = gbToBytes(gb)
  return bytes === null ? null : { bytes }
}

/** An expiry in hours as whole days when it divides, else hours; null is unlimited. */
export type DurationDisplay = { unit: 'days' | 'hours'; count: number } | null

export function durationDisplay(hours: number | null): DurationDisplay {
  if (hours === null) return null
  return hours >= 48 && hours % 24 === 0 ? { unit: 'days', count: hours / 24 } : { unit: 'hours', count: hours }
}

/** The rows of the static comparison table (spec/accounts.md §2), each computed from plan data (product.md §1). */
export const comparisonRows = [
  'price',
  'maxTransferSize',
  'transferExpiry',
  'roomUsers',
  'videoAudio',
  'passwordProtection',
  'documentPreview',
  'sftpDownload',
  'analytics',
  'customDomain',
  'referralPayouts',
  'ads',
  'trial',
] as const
export type ComparisonRow = (typeof comparisonRows)[number]

/**
 * Rows whose flag the product does not keep yet (product.md §12 'not built yet'): a plan that has
 * the flag is shown 'Coming soon', never a check mark for something nobody can use.
 */
export const unbuiltRows: ReadonlySet<ComparisonRow> = new Set(['documentPreview', 'sftpDownload', 'customDomain'])

/** A cell of the table: a yes/no mark, 'coming soon', a figure, or 'Unlimited'. */
export type ComparisonCell =
  | { kind: 'flag'; value: boolean }
  | { kind: 'soon' }
  | { kind: 'price'; price: PriceDisplay }
  | { kind: 'size'; size: SizeDisplay }
  | { kind: 'duration'; duration: DurationDisplay }
  | { kind: 'count'; value: number }
  | { kind: 'payout'; amount: number | null }
  | { kind: 'ads'; shown: boolean }
  | { kind: 'trial'; days: number | null }

export function comparisonCell(plan: Plan, row: ComparisonRow, interval: BillingInterval): ComparisonCell {
  const cell = rowCell(plan, row, interval)
  return unbuiltRows.has(row) && cell.kind === 'flag' && cell.value ? { kind: 'soon' } : cell
}

function rowCell(plan: Plan, row: ComparisonRow, interval: BillingInterval): ComparisonCell {
  switch (row) {
    case 'price':
      return { kind: 'price', price: priceDisplay(plan, interval) }
    case 'maxTransferSize':
      return { kind: 'size', size: sizeDisplay(plan.max_transfer_size_gb) }
    case 'transferExpiry':
      return { kind: 'duration', duration: durationDisplay(plan.max_transfer_expiry_hours) }
    case 'roomUsers':
      return { kind: 'count', value: plan.max_room_users }
    case 'videoAudio':
      return { kind: 'flag', value: plan.supports_video_audio }
    case 'passwordProtection':
      return { kind: 'flag', value: plan.password_protection }
    case 'documentPreview':
      return { kind: 'flag', value: plan.document_preview || plan.max_document_features.preview }
    case 'sftpDownload':
      return { kind: 'flag', value: plan.sftp_download }
    case 'analytics':
      return { kind: 'flag', value: plan.analytics_panel || plan.analytics_access }
    case 'customDomain':
      return { kind: 'flag', value: plan.custom_domain }
    case 'referralPayouts':
      return { kind: 'payout', amount: plan.allows_payouts ? plan.payout_amount : null }
    case 'ads':
      return { kind: 'ads', shown: plan.ads_enabled }
    case 'trial':
      return { kind: 'trial', days: plan.is_trial_available && plan.trial_days > 0 ? plan.trial_days : null }
  }
}
