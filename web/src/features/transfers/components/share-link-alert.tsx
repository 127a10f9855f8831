import { ActionIcon, Alert, Button, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core'
import { IconCheck, IconCircleCheck, IconCopy, IconExternalLink } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

export interface ShareLinkAlertProps {
  sharingUrl: string
  onClose(): void
}

/** The green success alert of spec/transfers.md §2: the share link, read-only, with a copy button. */
export function ShareLinkAlert({ sharingUrl, onClose }: ShareLinkAlertProps) {
  const { t } = useTranslation('transfers')
  return (
    <Alert
      color="green"
      variant="light"
      radius="md"
      title={t('success.title')}
      icon={<IconCircleCheck size={20} />}
      withCloseButton
      closeButtonLabel={t('success.close')}
      onClose={onClose}
      data-testid="transfer-success"
    >
      <Stack gap="xs">
        <Text size="sm">{t('success.message')}</Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            value={sharingUrl}
            readOnly
            aria-label={t('success.linkLabel')}
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            data-testid="share-link"
          />
          <CopyButton value={sharingUrl} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                color={copied ? 'teal' : 'green'}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('success.copied') : t('success.copy')}
              </Button>
            )}
          </CopyButton>
          <Tooltip label={t('success.open')}>
            <ActionIcon
              component="a"
              href={sharingUrl}
              target="_blank"
              rel="noopener"
              variant="subtle"
              color="green"
              size="lg"
              aria-label={t('success.open')}
            >
              <IconExternalLink size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Alert>
  )
}
