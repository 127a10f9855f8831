import type { PlanFlags } from '@ferry/contracts/api/plans'
import { usePlanName } from '../../components/use-plan-name.js'
import { plansWithFlag, usePlans } from '../../features/plans/index.js'

/** The names of the plans on sale that have an analytics flag, in the UI's language (empty while loading). */
export function useAnalyticsPlans(flag: Extract<keyof PlanFlags, 'analytics_panel' | 'analytics_access'>): string[] {
  const plans = usePlans()
  const planName = usePlanName()
  return plansWithFlag(plans.data ?? [], flag).map(planName)
}
