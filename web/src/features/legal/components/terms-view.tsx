import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { usePlanName } from '../../../components/use-plan-name.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { LegalDocument, type LegalSection } from './legal-document.js'

/** What the terms need to know of a plan (a Plan from the API fits). */
export interface TermsPlan {
  id: string
  name: string
  /** Data a month in bytes; null is unlimited. */
  monthlyBytes: number | null
}

export interface TermsViewProps {
  /** The plans on offer, from plan data; undefined while they load or when they could not be. */
  plans: readonly TermsPlan[] | undefined
  embedded?: boolean
}

const sectionIds = ['service', 'account', 'age', 'plans', 'monthly', 'files', 'paid', 'law'] as const

/** The terms of service (/terms, and after the FAQ on /upgrade): the plans they name come from plan data. */
export function TermsView({ plans, embedded }: TermsViewProps) {
  const { t, i18n } = useTranslation('legal')
  const planName = usePlanName()
  const formatSize = useFormatFileSize()
  const list = (items: string[]) => new Intl.ListFormat(currentLanguage(i18n), { type: 'conjunction' }).format(items)
  const known = plans !== undefined && plans.length > 0
  const body = (id: (typeof sectionIds)[number]): string => {
    if (id === 'plans')
      return known
        ? t('terms.sections.plans.body', { plans: list(plans.map((plan) => planName(plan))) })
        : t('terms.sections.plans.bodyUnknown')
    if (id === 'monthly') {
      if (!known) return t('terms.sections.monthly.bodyUnknown')
      const allowances = plans.map((plan) =>
        plan.monthlyBytes === null
          ? t('terms.sections.monthly.unlimited', { plan: planName(plan) })
          : t('terms.sections.monthly.allowance', { plan: planName(plan), size: formatSize(plan.monthlyBytes) }),
      )
      return t('terms.sections.monthly.body', { allowances: allowances.join('; ') })
    }
    return t(`terms.sections.${id}.body`)
  }
  const sections: LegalSection[] = sectionIds.map((id) => ({
    id,
    title: t(`terms.sections.${id}.title`),
    body: body(id),
  }))
  return (
    <LegalDocument
      id="terms"
      title={t('terms.title')}
      intro={t('terms.intro')}
      sections={sections}
      embedded={embedded}
    />
  )
}
