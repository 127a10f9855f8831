import { Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const sections = ['service', 'age', 'paid', 'capacity', 'law'] as const

/** The terms of service after the FAQ (spec/accounts.md §1, §9): a Spanish company, minimum age 16, deletion 28 days after a paid subscription ends, 5 TB a month. */
export function TermsOfService() {
  const { t } = useTranslation('billing')
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p="xl"
      aria-labelledby="terms-title"
      data-testid="terms-of-service"
    >
      <Stack gap="sm">
        <Title order={2} id="terms-title" fz="h3">
          {t('terms.title')}
        </Title>
        <Text size="sm">{t('terms.intro')}</Text>
        {sections.map((key) => (
          <Stack key={key} gap={2}>
            <Title order={3} fz="md">
              {t(`terms.sections.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`terms.sections.${key}.body`)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  )
}
