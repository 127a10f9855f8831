import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconArrowRight, IconCheck, IconCircleCheck, IconCopy, IconExternalLink, IconSend } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { QrCode } from '../../../components/qr-code.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import type { SentTransfer } from '../hooks/use-transfer-form.js'

export interface SendSuccessProps {
  sent: SentTransfer
  /** Back to an empty send form. */
  onSendAnother(): void
  /** The transfer's page under My Transfers. */
  transferTo(id: string): string
}

/**
 * What follows a send (issue 17 item 5): a screen of its own, not an alert under an emptied form.
 * The link to copy or scan, when it expires, who was emailed, and the two ways on.
 */
export function SendSuccess({ sent, onSendAnother, transferTo }: SendSuccessProps) {
  const { t } = useTranslation('transfers')
  const formatDate = useFormatDate()
  const heading = useRef<HTMLHeadingElement>(null)
  // The form this replaces had the focus: a screen reader hears the news, a keyboard starts here.
  useEffect(() => heading.current?.focus(), [])

  return (
    <Stack gap="lg" align="center" ta="center" data-testid="transfer-success">
      <ThemeIcon size={64} radius="xl" color="green" variant="light">
        <IconCircleCheck size={36} stroke={1.5} />
      </ThemeIcon>
      <Stack gap={4} align="center">
        <Title order={2} fz={26} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('success.title')}
        </Title>
        <Text c="dimmed" data-testid="success-recipients">
          {t('success.emailed', { count: sent.recipientCount })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="success-expiry">
          {t('success.expires', { date: formatDate(sent.expiresAt) })}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap" w="100%" maw={560}>
        <TextInput
          value={sent.sharingUrl}
          readOnly
          aria-label={t('success.linkLabel')}
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          data-testid="share-link"
        />
        <CopyButton value={sent.sharingUrl} timeout={2000}>
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
            href={sent.sharingUrl}
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
      <Paper withBorder radius="md" p="sm">
        <QrCode value={sent.sharingUrl} label={t('success.qrLabel')} size={168} />
      </Paper>
      <Text size="xs" c="dimmed">
        {t('success.qrHint')}
      </Text>
      <Group gap="sm" justify="center">
        <Button variant="default" leftSection={<IconSend size={16} />} onClick={onSendAnother}>
          {t('success.sendAnother')}
        </Button>
        <Button component={Link} to={transferTo(sent.id)} rightSection={<IconArrowRight size={16} />}>
          {t('success.viewTransfer')}
        </Button>
      </Group>
    </Stack>
  )
}
