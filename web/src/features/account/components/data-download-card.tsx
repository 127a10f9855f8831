import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDownload, IconFileZip } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { dataDownloads } from '../api/account-api.js'

/**
 * "Download my data" (product.md §23): plain links, so the browser downloads straight from the
 * server (the ZIP is streamed, whatever its size) with the session cookie.
 */
export function DataDownloadCard() {
  const { t } = useTranslation('account')
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="data-download">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('data.title')}
        </Title>
        <Text size="sm">{t('data.text')}</Text>
        <Group gap="sm">
          <Button
            component="a"
            href={dataDownloads.json}
            download
            variant="light"
            leftSection={<IconDownload size={16} />}
            data-testid="data-download-json"
          >
            {t('data.json')}
          </Button>
          <Button
            component="a"
            href={dataDownloads.zip}
            download
            variant="light"
            leftSection={<IconFileZip size={16} />}
            data-testid="data-download-zip"
          >
            {t('data.zip')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('data.zipHint')}
        </Text>
      </Stack>
    </Paper>
  )
}
