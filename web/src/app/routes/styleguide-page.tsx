import { Container, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { StylePlayground } from '../../features/style-playground/index.js'

/** /styleguide (public, linked from the header) and /mantine-guide (admin): spec/accounts.md §2. */
export function StyleguidePage() {
  const { t } = useTranslation(['tools', 'common'])
  useDocumentTitle(`${t('playground.title')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('playground.title')}</Title>
          <Text c="dark.4">{t('playground.intro')}</Text>
        </Stack>
        <StylePlayground />
      </Stack>
    </Container>
  )
}
