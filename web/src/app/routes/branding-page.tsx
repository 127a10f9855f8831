import { Container, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { BrandingSettings } from '../../features/branding/index.js'

/** /organization/branding: the organization's stylesheet and backgrounds (issue 22 items 3 and 4). */
export function BrandingPage() {
  const { t } = useTranslation(['branding', 'common'])
  useDocumentTitle(`${t('pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size={900} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1}>{t('pageTitle')}</Title>
        <Text>{t('intro')}</Text>
        <BrandingSettings />
      </Stack>
    </Container>
  )
}
