import { Accordion, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const questions = ['cancel', 'moneyBack', 'trial', 'referral', 'yearly', 'payment'] as const

/** The FAQ of the upgrade page (spec/accounts.md §1: it claims a 30-day money-back guarantee). */
export function UpgradeFaq() {
  const { t } = useTranslation('billing')
  return (
    <section aria-labelledby="upgrade-faq-title" data-testid="upgrade-faq">
      <Title order={2} id="upgrade-faq-title" fz="h3" mb="md">
        {t('faq.title')}
      </Title>
      <Accordion variant="separated" radius="md" defaultValue="moneyBack">
        {questions.map((key) => (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>{t(`faq.items.${key}.q`)}</Accordion.Control>
            <Accordion.Panel>{t(`faq.items.${key}.a`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  )
}
