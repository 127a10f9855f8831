import { Container, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { DateCalculator } from '../../features/tools/index.js'

/** /tools (spec/accounts.md §2), behind RequireAdmin: the Date Calculator. */
export function ToolsPage() {
  const { t } = useTranslation(['tools', 'common'])
  useDocumentTitle(`${t('title')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dark.4">{t('intro')}</Text>
        </Stack>
        <DateCalculator />
      </Stack>
    </Container>
  )
}
