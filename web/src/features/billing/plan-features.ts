import type { Plan } from '@ferry/contracts/api/plans'
import { type DurationDisplay, durationDisplay, type SizeDisplay, sizeDisplay } from './plan-display.js'

/** One line of a plan's feature list, computed from its data (product.md §1). */
export type PlanFeatureLine =
  | { key: 'size'; size: SizeDisplay }
  | { key: 'expiry'; duration: DurationDisplay }
  | { key: 'recipients'; count: number }
  | { key: 'roomUsers'; count: number }
  | { key: 'monthly'; size: SizeDisplay }
  | {
      key:
        | 'videoAudio'
        | 'passwordProtection'
        | 'documentPreview'
        | 'sftpDownload'
        | 'analytics'
        | 'customDomain'
        | 'recovery'
        | 'noAds'
        | 'payouts'
    }

/**
 * What a plan gives, as lines of its feature list (upgrade success, profile). Only what the product
 * does today: the flags product.md §12 marks 'not built yet' (previews, sFTP, custom domain) are
 * left out until they are built. Analytics (issue 21) count when the plan has either flag.
 */
export function planFeatureLines(plan: Plan): PlanFeatureLine[] {
  const flags = [
    [plan.supports_video_audio, 'videoAudio'],
    [plan.password_protection, 'passwordProtection'],
    [plan.analytics_access || plan.analytics_panel, 'analytics'],
    [plan.recovery_allowed, 'recovery'],
    [!plan.ads_enabled, 'noAds'],
    [plan.allows_payouts, 'payouts'],
  ] as const
  return [
    { key: 'size', size: sizeDisplay(plan.max_transfer_size_gb) },
    { key: 'expiry', duration: durationDisplay(plan.max_transfer_expiry_hours) },
    { key: 'recipients', count: plan.max_recipients },
    { key: 'roomUsers', count: plan.max_room_users },
    { key: 'monthly', size: sizeDisplay(plan.max_monthly_data_gb) },
    ...flags.filter(([on]) => on).map(([, key]) => ({ key })),
  ]
}
