import type { Plan } from '@ferry/contracts/api/plans'
import { useTranslation } from 'react-i18next'

/**
 * A plan's notes in the reader's language. Notes are data (admins edit them), so the catalogue
 * translates only notes still as seeded, i.e. equal to the English catalogue text; notes an admin
 * rewrote are shown as written.
 */
export function usePlanNotes(): (plan: Pick<Plan, 'id' | 'notes'>) => string | null {
  const { t } = useTranslation('billing')
  // Loads the English catalogue too (it may not be loaded when the reader's language has every key).
  const { t: english } = useTranslation('billing', { lng: 'en' })
  return (plan) => {
    if (!plan.notes) return null
    const key = `planNotes.${plan.id}` as never
    return english(key, { defaultValue: '' }) === plan.notes ? t(key) : plan.notes
  }
}
