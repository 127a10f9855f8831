import type { Transfer } from '@ferry/contracts/api/transfers'
import { ActionIcon, Anchor, Button, Code, CopyButton, Group, Stack, Switch, Text, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy, IconServer } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorMessage } from '../../../lib/error-message.js'
import { paths } from '../../../lib/paths.js'
import { useTransferSftp } from '../api/sftp-api.js'
import { useUpdateTransfer } from '../api/transfer-queries.js'

function CopyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('transfers')
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Code data-testid={testId} style={{ overflowWrap: 'anywhere', flex: 1 }}>
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('sftp.copied') : t('sftp.copy', { what: label })} withArrow>
            <ActionIcon variant="subtle" onClick={copy} aria-label={t('sftp.copy', { what: label })}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  )
}

/** Whether the recipients' emails from now on carry the SFTP login (PATCH sftp_in_email). */
function SftpInEmailSwitch({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation('transfers')
  const update = useUpdateTransfer(transfer.id)
  return (
    <div>
      <Switch
        label={t('sftpSwitch.label')}
        description={t('sftpSwitch.description')}
        checked={update.isPending ? Boolean(update.variables?.sftp_in_email) : transfer.sftp_in_email}
        onChange={(event) => update.mutate({ sftp_in_email: event.currentTarget.checked })}
        disabled={update.isPending}
        data-testid="sftp-in-email"
      />
      {update.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(i18n, update.error)}
        </Text>
      )}
    </div>
  )
}

/**
 * The owner's read-only SFTP login to the transfer (plan flag sftp_download, issue 20 item 1):
 * shown on request, with the command to paste and the host key to expect on first connect.
 */
export function TransferSftpPanel({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation('transfers')
  const [shown, setShown] = useState(false)
  const login = useTransferSftp(transfer.id, shown)
  const data = login.data
  const command = data ? `sftp -P ${data.port} ${data.username}@${data.host}` : ''

  return (
    <Stack gap="xs" data-testid="sftp-panel">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {t('sftp.label')}
      </Text>
      <Text size="sm">{t('sftp.description')}</Text>
      <SftpInEmailSwitch transfer={transfer} />
      {!shown && (
        <Group>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconServer size={16} />}
            onClick={() => setShown(true)}
            data-testid="sftp-show"
          >
            {t('sftp.show')}
          </Button>
        </Group>
      )}
      {shown && login.isPending && <Text size="sm">{t('sftp.loading')}</Text>}
      {login.isError && (
        <Text size="sm" c="red.8" role="alert" data-testid="sftp-error">
          {errorMessage(i18n, login.error)}
        </Text>
      )}
      {data && (
        <Stack gap={6} data-testid="sftp-login">
          <CopyValue label={t('sftp.command')} value={command} testId="sftp-command" />
          <CopyValue label={t('sftp.host')} value={data.host} testId="sftp-host" />
          <CopyValue label={t('sftp.port')} value={String(data.port)} testId="sftp-port" />
          <CopyValue label={t('sftp.username')} value={data.username} testId="sftp-username" />
          <CopyValue label={t('sftp.password')} value={data.password} testId="sftp-password" />
          <CopyValue label={t('sftp.hostKey')} value={data.host_key_fingerprint} testId="sftp-host-key" />
          <Text size="xs" c="dimmed">
            {t('sftp.notes')}
          </Text>
          <Text size="xs" c="dimmed" data-testid="sftp-keys-hint">
            {t('sftp.keysHint')}{' '}
            <Anchor component={Link} to={paths.profile} size="xs">
              {t('sftp.keysLink')}
            </Anchor>
          </Text>
        </Stack>
      )}
    </Stack>
  )
}
