import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/** The plans the catalogue names (common.json `planNames`): the seeded ones. */
const namedPlans = ['guest', 'pro', 'business', 'enterprise', 'edu', 'ngo'] as const
type NamedPlan = (typeof namedPlans)[number]
const isNamed = (id: string | null | undefined): id is NamedPlan => namedPlans.includes(id as NamedPlan)

/**
 * A plan's name in the reader's language ('Free' / 'Gratis' for the guest plan). Names are data
 * that admins may edit: the catalogue's name is used while the stored one is still as seeded (its
 * English catalogue text) or unknown, an admin's own name is shown as written.
 */
export function usePlanName(): (plan: { id: string | null | undefined; name?: string | null }) => string {
  const { t } = useTranslation('common')
  // Loads the English catalogue too (it may not be loaded when the reader's language has every key).
  const { t: english } = useTranslation('common', { lng: 'en' })
  return useCallback(
    (plan) => {
      if (!isNamed(plan.id)) return plan.name ?? plan.id ?? ''
      const seeded = english(`planNames.${plan.id}`)
      return !plan.name || plan.name === seeded ? t(`planNames.${plan.id}`) : plan.name
    },
    [t, english],
  )
}
