import { Accordion, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const questions = ['cancel', 'moneyBack', 'trial', 'referral', 'yearly', 'payment'] as const

export interface UpgradeFaqProps {
  /** What yearly billing saves, computed from the prices; without a saving the question is left out. */
  saving: { percent: number; upTo: boolean } | null
}

/** The FAQ of the upgrade page (spec/accounts.md §1: it claims a 30-day money-back guarantee). */
export function UpgradeFaq({ saving }: UpgradeFaqProps) {
  const { t } = useTranslation('billing')
  const answer = (key: (typeof questions)[number]) => {
    if (key !== 'yearly' || !saving) return t(`faq.items.${key}.a`, { percent: 0 })
    return saving.upTo
      ? t('faq.items.yearly.aUpTo', { percent: saving.percent })
      : t('faq.items.yearly.a', { percent: saving.percent })
  }
  return (
    <section aria-labelledby="upgrade-faq-title" data-testid="upgrade-faq">
      <Title order={2} id="upgrade-faq-title" fz="h3" mb="md">
        {t('faq.title')}
      </Title>
      <Accordion variant="separated" radius="md" defaultValue="moneyBack">
        {questions
          .filter((key) => key !== 'yearly' || saving)
          .map((key) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Control>{t(`faq.items.${key}.q`)}</Accordion.Control>
              <Accordion.Panel>{answer(key)}</Accordion.Panel>
            </Accordion.Item>
          ))}
      </Accordion>
    </section>
  )
}
