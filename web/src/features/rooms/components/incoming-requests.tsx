import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import type { TransferView } from '../hooks/use-room-transfers.js'

export interface IncomingRequestsProps {
  requests: TransferView[]
  onRespond(view: TransferView, accept: boolean): void
}

export function IncomingRequests({ requests, onRespond }: IncomingRequestsProps) {
  const { t } = useTranslation('rooms')
  const formatSize = useFormatFileSize()
  if (requests.length === 0) return null
  return (
    <Paper withBorder radius="lg" p="md" bg="var(--mantine-color-blue-light)">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('requests.title')}
        </Title>
        {requests.map((view) => (
          <Group key={view.transfer.transfer_id} justify="space-between" data-testid="incoming-request">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('requests.text', {
                name: view.transfer.sender_name,
                file: view.transfer.file_name,
                size: formatSize(view.transfer.file_size),
              })}
            </Text>
            <Group gap="xs">
              <Button size="xs" color="green" onClick={() => onRespond(view, true)}>
                {t('requests.accept')}
              </Button>
              <Button size="xs" variant="default" onClick={() => onRespond(view, false)}>
                {t('requests.decline')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  )
}
