import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** A webhook's signing secret, shown once (after creating an endpoint or rotating its secret). */
export function WebhookSecretModal({
  shown,
  onClose,
}: {
  shown: { title: string; secret: string; note?: string } | null
  onClose(): void
}) {
  const { t } = useTranslation(['account', 'common'])
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.title ?? ''}
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <Stack gap="md">
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="webhook-secret-warning"
        >
          {t('webhooks.secretWarning')}
        </Alert>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={t('webhooks.secretLabel')}
            value={shown?.secret ?? ''}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            styles={{ input: { fontFamily: 'monospace' } }}
            data-testid="webhook-secret-value"
          />
          <CopyButton value={shown?.secret ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : 'blue'}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('webhooks.copied') : t('webhooks.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        {shown?.note && <Text size="sm">{shown.note}</Text>}
        <Text size="sm">{t('webhooks.verifyHint')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {t('webhooks.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
