import type { Transfer } from '@ferry/contracts/api/transfers'
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconLink,
  IconShieldSearch,
  IconTrash,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useRemoveTransferFile, useShare, useTransfer } from '../api/transfer-queries.js'
import { transfersApi } from '../api/transfers-api.js'
import { infectedSignatures } from '../scan-signatures.js'
import { ScanMark } from './scan-mark.js'
import { ShareTracking } from './share-tracking.js'
import { TransferAccessPanel } from './transfer-access-panel.js'
import { TransferBackgroundSetting } from './transfer-background-setting.js'
import { TransferCommentsPanel } from './transfer-comments-panel.js'
import { TransferDataRoomPanel } from './transfer-data-room-panel.js'
import { TransferDataRoomSettings } from './transfer-data-room-settings.js'
import { TransferDownloadLimitPanel } from './transfer-download-limit-panel.js'
import {
  type PendingUploads,
  TransferAddFilesPanel,
  TransferExpiryPanel,
  TransferRecipientsPanel,
} from './transfer-edit-panels.js'
import type { TransferFormProps } from './transfer-form.js'
import { TransferPasswordPanel } from './transfer-password-panel.js'
import { TransferRemindersSwitch } from './transfer-reminders-switch.js'
import { TransferSftpPanel } from './transfer-sftp-panel.js'

export interface TransferDetailProps {
  id: string
  backTo: string
  /** What the page adds under the actions for this transfer (the recovery offer of an expired one). */
  footer?: (transfer: Transfer) => ReactNode
  /** The signed-in user's id: its owner sees the password controls. */
  viewerId?: string | null
  /** The viewer's plan has password_protection (setting or changing a password is offered). */
  passwordInPlan?: boolean
  /**
   * The viewer's plan's longest expiry in hours (null: none) and recipient cap: the owner may move
   * the expiry and change the recipients within them (none while the plan loads: not offered).
   */
  editLimits?: { maxExpiryHours: number | null; maxRecipients: number }
  /** The page's upload queue and picker: the owner adds files with them (none: not offered). */
  uploads?: PendingUploads
  /** The viewer's plan has sftp_download: the owner sees the transfer's SFTP login. */
  sftpInPlan?: boolean
  /**
   * The viewer's plan has max_document_features.clean_data_room: the owner may make the transfer
   * a data room (false: the switch offers the upgrade; null while the plan loads: not shown).
   */
  dataRoomInPlan?: boolean | null
  /** Where a plan without a feature is offered one. */
  upgradeTo?: string
  /** What the page shows under the recipients' tracking (the transfer's analytics, or their upgrade path). */
  belowTracking?: (transfer: Transfer) => ReactNode
  /** The organization's background choice (features/branding), for an owner whose plan has it. */
  backgroundChoice?: TransferFormProps['backgroundChoice']
}

/** The virus scan's hold on the sender's page (docs/decisions/0039): being checked, or frozen with what was found. */
function ScanHoldNotice({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers')
  if (transfer.scan_hold === 'scanning') {
    return (
      <Alert color="blue" variant="light" icon={<IconShieldSearch size={18} />} data-testid="detail-scanning">
        {t('scan.senderScanning')}
      </Alert>
    )
  }
  if (transfer.scan_hold === 'frozen') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="detail-frozen">
        {t('scan.senderFrozen', { signature: infectedSignatures(transfer) })}
      </Alert>
    )
  }
  return null
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
    </Stack>
  )
}

/**
 * The sender's per-recipient tracking, from the share record the sender is given (refreshed every
 * 10 s while open): who opened the link and which files each downloaded (issue 17 item 5).
 */
function RecipientTracking({ transfer }: { transfer: Transfer }) {
  const share = useShare(transfer.unique_id, null)
  const recipients = share.data?.tracking.recipients
  if (!recipients || recipients.length === 0) return null
  return <ShareTracking recipients={recipients} files={transfer.files} />
}

/** Transfer detail (spec/transfers.md §2): its fields, the Active/Expired badge, the sender's download and the recipients' tracking. */
export function TransferDetail({
  id,
  backTo,
  footer,
  viewerId = null,
  passwordInPlan = false,
  editLimits,
  uploads,
  sftpInPlan = false,
  dataRoomInPlan = null,
  upgradeTo,
  belowTracking,
  backgroundChoice,
}: TransferDetailProps) {
  const { t } = useTranslation('transfers')
  const removeFile = useRemoveTransferFile(id)
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  const query = useTransfer(id)
  const [downloading, setDownloading] = useState(false)
  const [downloadFailed, setDownloadFailed] = useState(false)

  const back = (
    <Anchor component={Link} to={backTo} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} />
        {t('detail.back')}
      </Group>
    </Anchor>
  )

  if (query.isPending) {
    return (
      <Center mih="40vh" aria-busy="true">
        <Loader type="dots" />
      </Center>
    )
  }
  if (query.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="detail-error">
          {t('detail.loadFailed')}
        </Alert>
      </Stack>
    )
  }

  const transfer = query.data
  const active = transfer.status === 'active'
  // Issue 18 item 4: the owner edits a live transfer after sending.
  const editable = viewerId !== null && transfer.user_id === viewerId && active
  const downloadFile = async () => {
    setDownloadFailed(false)
    setDownloading(true)
    try {
      const answer = await transfersApi.downloadUrl(transfer.id)
      if (!('download_url' in answer)) throw new Error('No download link')
      window.location.assign(answer.download_url)
    } catch {
      setDownloadFailed(true)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Stack gap="md">
      {back}
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {transfer.title || t('list.untitled')}
            </Title>
            <Badge color={active ? 'green' : 'red'} size="lg" variant="light" data-testid="detail-status">
              {active ? t('detail.active') : t('detail.expired')}
            </Badge>
          </Group>
          <ScanHoldNotice transfer={transfer} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Field label={t('detail.files')}>
              <Stack gap={2}>
                {transfer.files.map((file) => (
                  <Group key={file.file_id} gap={4} wrap="nowrap" align="flex-start">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="detail-file">
                      {file.file_name}{' '}
                      <Text span c="dimmed" size="sm">
                        ({formatSize(file.file_size)})
                      </Text>
                    </Text>
                    <ScanMark status={file.scan_status} signature={file.scan_signature} />
                    {editable && transfer.files.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t('editFiles.remove', { name: file.file_name })}
                        loading={removeFile.isPending && removeFile.variables === file.file_id}
                        disabled={removeFile.isPending}
                        onClick={() => removeFile.mutate(file.file_id)}
                        data-testid="detail-file-remove"
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                ))}
                {removeFile.isError && (
                  <Text size="sm" c="red.8" role="alert" data-testid="file-remove-failed">
                    {t('editFiles.removeFailed')}
                  </Text>
                )}
              </Stack>
            </Field>
            <Field label={t('detail.size')}>
              <Text size="sm">{formatSize(transfer.file_size)}</Text>
            </Field>
            <Field label={t('detail.recipient')}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {transfer.recipient_emails.join(', ') || transfer.recipient_email}
              </Text>
            </Field>
            <Field label={t('detail.downloads')}>
              <Text size="sm" data-testid="detail-downloads">
                {transfer.download_count}
              </Text>
            </Field>
            <Field label={t('detail.created')}>
              <Text size="sm">{formatDate(transfer.created_at)}</Text>
            </Field>
            <Field label={t('detail.expires')}>
              <Text size="sm" data-testid="detail-expires">
                {formatDate(transfer.expires_at)}
              </Text>
            </Field>
          </SimpleGrid>
          {transfer.message && (
            <Field label={t('detail.message')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {transfer.message}
              </Text>
            </Field>
          )}
          {viewerId !== null && transfer.user_id === viewerId && transfer.status !== 'deleted' && (
            <TransferAccessPanel transfer={transfer} />
          )}
          {viewerId !== null && transfer.user_id === viewerId && transfer.status !== 'deleted' && (
            <TransferPasswordPanel transfer={transfer} passwordInPlan={passwordInPlan} />
          )}
          {viewerId !== null && transfer.user_id === viewerId && transfer.status === 'active' && (
            <TransferRemindersSwitch transfer={transfer} />
          )}
          {editable && editLimits && (
            <TransferExpiryPanel transfer={transfer} maxExpiryHours={editLimits.maxExpiryHours} />
          )}
          {editable && editLimits && (
            <TransferRecipientsPanel transfer={transfer} maxRecipients={editLimits.maxRecipients} />
          )}
          {editable && uploads && <TransferAddFilesPanel transfer={transfer} uploads={uploads} />}
          {sftpInPlan && viewerId !== null && transfer.user_id === viewerId && transfer.status === 'active' && (
            <TransferSftpPanel transfer={transfer} />
          )}
          {editable && dataRoomInPlan !== null && (
            <TransferDataRoomSettings transfer={transfer} inPlan={dataRoomInPlan} upgradeTo={upgradeTo} />
          )}
          {editable && !transfer.clean_data_room && <TransferDownloadLimitPanel transfer={transfer} />}
          {editable && backgroundChoice && <TransferBackgroundSetting transfer={transfer} choice={backgroundChoice} />}
          {downloadFailed && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="download-error">
              {t('share.errors.download')}
            </Alert>
          )}
          <Group gap="sm">
            <Button
              leftSection={<IconDownload size={16} />}
              disabled={!active || transfer.download_limit_reached || transfer.scan_hold === 'frozen'}
              loading={downloading}
              onClick={() => void downloadFile()}
              data-testid="detail-download"
            >
              {transfer.files.length > 1 ? t('detail.downloadAll') : t('detail.download')}
            </Button>
            <CopyButton value={transfer.sharing_url} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={16} /> : <IconLink size={16} />}
                  onClick={copy}
                >
                  {copied ? t('list.copied') : t('list.copyLink')}
                </Button>
              )}
            </CopyButton>
          </Group>
          {footer?.(transfer)}
        </Stack>
      </Paper>
      <RecipientTracking transfer={transfer} />
      {viewerId !== null && transfer.user_id === viewerId && transfer.clean_data_room && (
        <TransferDataRoomPanel transfer={transfer} />
      )}
      {belowTracking?.(transfer)}
      {viewerId !== null && transfer.user_id === viewerId && <TransferCommentsPanel transfer={transfer} />}
    </Stack>
  )
}
