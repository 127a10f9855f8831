import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCheck, IconCopy, IconQrcode } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QrCode } from '../../../components/qr-code.js'

/**
 * The room's invite: its link, read-only, with Copy, and a QR code to open it on a phone (issue 17).
 * The link is the room page itself; whoever opens it joins with a name (or their account).
 */
export function RoomInvite({ url }: { url: string }) {
  const { t } = useTranslation('rooms')
  const [showQr, setShowQr] = useState(false)
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby="room-invite-title"
      data-testid="room-invite"
    >
      <Stack gap="xs">
        <Title order={2} fz="lg" id="room-invite-title">
          {t('invite.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('invite.hint')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            value={url}
            readOnly
            aria-label={t('invite.linkLabel')}
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="room-invite-link"
          />
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-testid="room-invite-copy"
              >
                {copied ? t('invite.copied') : t('invite.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconQrcode size={16} />}
            onClick={() => setShowQr((shown) => !shown)}
            aria-expanded={showQr}
          >
            {showQr ? t('invite.hideQr') : t('invite.showQr')}
          </Button>
        </Group>
        {showQr && (
          <Group justify="center" p="sm" bg="white" style={{ borderRadius: 8 }}>
            <QrCode value={url} size={192} label={t('invite.qrLabel')} />
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
