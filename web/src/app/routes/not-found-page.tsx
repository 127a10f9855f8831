import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.js'

/** The 404 screen, also used by the router's error screen for unknown routes. */
export function NotFoundView() {
  const { t } = useTranslation('common')
  useDocumentTitle(`${t('notFound.title')} · ${t('brand')}`)
  return (
    <Center mih="70vh" px="md">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <Text fz={96} fw={900} lh={1} c="blue.6" aria-hidden>
          {t('notFound.code')}
        </Text>
        <Title order={1} fz={32}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" size="lg">
          {t('notFound.message')}
        </Text>
        <Button component={Link} to={paths.home} size="md" mt="sm">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  )
}

export function NotFoundPage() {
  return <NotFoundView />
}
