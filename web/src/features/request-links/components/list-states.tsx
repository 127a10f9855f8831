import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core'
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

export function ListLoading() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader type="dots" />
    </Center>
  )
}

/** spec/transfers.md §8 Request lists: 'Failed to load data', with a retry. */
export function ListFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('requestLinks')
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="request-list-error">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('lists.failed')}</Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
          {t('lists.retry')}
        </Button>
      </Group>
    </Alert>
  )
}

export function ListEmpty({ text, testId }: { text: string; testId: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" data-testid={testId}>
      {text}
    </Text>
  )
}
