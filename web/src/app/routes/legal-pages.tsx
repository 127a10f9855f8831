import type { Plan } from '@ferry/contracts/api/plans'
import { gbToBytes } from '@ferry/contracts/domain/plan-limits'
import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PrivacyView, type TermsPlan, TermsView } from '../../features/legal/index.js'
import { usePlans } from '../../features/plans/index.js'

/** The plans the terms name, with their monthly data, from plan data. */
export function termsPlans(plans: readonly Plan[] | undefined): TermsPlan[] | undefined {
  return plans?.map((plan) => ({ id: plan.id, name: plan.name, monthlyBytes: gbToBytes(plan.max_monthly_data_gb) }))
}

/** The terms with the plans on offer (also shown after the FAQ on /upgrade). */
export function PlanTerms({ embedded }: { embedded?: boolean }) {
  const plans = usePlans()
  return <TermsView plans={termsPlans(plans.data)} embedded={embedded} />
}

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common')
  useDocumentTitle(`${title} · ${t('brand')}`)
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      {children}
    </Container>
  )
}

/** /terms: the terms of service, linked from sign-up and the footer. */
export function TermsPage() {
  const { t } = useTranslation('legal')
  return (
    <LegalPage title={t('terms.pageTitle')}>
      <PlanTerms />
    </LegalPage>
  )
}

/** /privacy: the privacy policy, linked from sign-up and the footer. */
export function PrivacyPage() {
  const { t } = useTranslation('legal')
  return (
    <LegalPage title={t('privacy.pageTitle')}>
      <PrivacyView />
    </LegalPage>
  )
}
