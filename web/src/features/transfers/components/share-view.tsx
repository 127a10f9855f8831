import {
  type ShareFile,
  type ShareLockedResponse,
  type ShareResponse,
  shareLockedResponse,
  type TransferFile,
} from '@ferry/contracts/api/transfers'
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconClock,
  IconFileZip,
  IconMoodSad,
  IconShieldLock,
  IconShieldSearch,
} from '@tabler/icons-react'
import { type ReactNode, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Countdown } from '../../../components/countdown.js'
import { ErrorAlert } from '../../../components/error-alert'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { isApiError } from '../../../lib/api-error.js'
import { useClientZipMaxSizeMb, useShare } from '../api/transfer-queries.js'
import { DataRoomFiles } from '../data-room/data-room-files.js'
import { DataRoomNotice } from '../data-room/data-room-notice.js'
import { DataRoomViewer } from '../data-room/data-room-viewer.js'
import { useBrowserDownload } from '../hooks/use-download.js'
import { useFeatureMessage } from '../hooks/use-feature-message.js'
import { shareDownloadHref, zipAllowed } from '../share-downloads.js'
import { shareFailure, shareFailureTitle } from '../transfer-errors.js'
import { DownloadCheck } from '../verify/download-check.js'
import { FileViewer } from '../viewer/file-viewer.js'
import { ShareGallery } from '../viewer/share-gallery.js'
import type { ViewerSidePanel } from '../viewer/viewer-context.js'
import { FileCommentsSection } from './file-comments-section.js'
import { ShareFileList } from './share-file-list.js'
import { ShareTracking } from './share-tracking.js'
import { ShareUnlock } from './share-unlock.js'
import { ShareVerify } from './share-verify.js'
import { ViewerComments } from './viewer-comments.js'

export interface ShareViewProps {
  uniqueId: string
  /** The recipient's tracking id (`?t=`), recorded with their visit and downloads. */
  trackingId: string | null
  homeTo: string
  /**
   * Rendered beside the file in the viewer, where it reads `useViewer()` (the file, the anchor,
   * `seek`): e.g. review comments. See viewer/viewer-context.ts.
   */
  viewerSidePanel?: ViewerSidePanel
}

/** The search parameter that names the file open in the viewer, so a link (or a reload) reopens it. */
const viewParam = 'view'

const zipKey = '__zip__'

/**
 * The title and sender of a transfer that asks for its password (401 password_required) or for a
 * recipient's code (401 verification_required), with which; else null.
 */
function lockedShare(error: unknown): ShareLockedResponse | null {
  if (!isApiError(error) || error.status !== 401) return null
  if (error.code !== 'password_required' && error.code !== 'verification_required') return null
  const parsed = shareLockedResponse.safeParse(error.body)
  return parsed.success ? parsed.data : null
}

function StatusBadge({ data, onExpire }: { data: ShareResponse; onExpire(): void }) {
  const { t } = useTranslation('transfers')
  const { status, expires_at } = data.transfer
  if (status === 'deleted') {
    return (
      <Badge color="gray" size="lg" variant="filled" data-testid="share-status">
        {t('share.deleted')}
      </Badge>
    )
  }
  if (status === 'expired') {
    return (
      <Badge color="red" size="lg" variant="filled" data-testid="share-status">
        {t('share.expired')}
      </Badge>
    )
  }
  return (
    <Badge
      color="blue"
      size="lg"
      variant="light"
      tt="none"
      leftSection={<IconClock size={14} />}
      data-testid="share-status"
    >
      {t('share.expiresIn')} <Countdown to={expires_at} onEnd={onExpire} endedText={t('share.expired')} />
    </Badge>
  )
}

/** A share page with nothing to offer (an error, a frozen transfer): why, and the way home. */
function ShareDeadEnd(props: { icon: ReactNode; title: string; text: string; homeTo: string; testId: string }) {
  const { t } = useTranslation('transfers')
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={props.testId}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          {props.icon}
        </ThemeIcon>
        <Title order={1} fz={26}>
          {props.title}
        </Title>
        <Text c="dimmed" maw={460}>
          {props.text}
        </Text>
        <Button component={Link} to={props.homeTo} mt="sm">
          {t('share.goHome')}
        </Button>
      </Stack>
    </Paper>
  )
}

/** The share page of spec/transfers.md §2: what was sent, by whom, until when, with its downloads and the sender's tracking. */
export function ShareView({ uniqueId, trackingId, homeTo, viewerSidePanel }: ShareViewProps) {
  const { t } = useTranslation('transfers')
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  const messageText = useFeatureMessage()
  const query = useShare(uniqueId, trackingId)
  const zipMaxMb = useClientZipMaxSizeMb()
  const download = useBrowserDownload()
  const [downloadError, setDownloadError] = useState<'file' | 'zip' | null>(null)
  const [searchParams, setSearchParams] = useSearchParams()
  const viewing = searchParams.get(viewParam)
  const setViewing = (fileId: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params)
        if (fileId) next.set(viewParam, fileId)
        else next.delete(viewParam)
        return next
      },
      // Moving between files replaces the entry; opening the viewer adds one, so Back closes it.
      { replace: viewing !== null && fileId !== null },
    )
  const [commentsFileId, setCommentsFileId] = useState<string | null>(null)
  const refetchShare = useCallback(() => void query.refetch(), [query.refetch])

  if (query.isPending) {
    return (
      <Center mih="40vh" aria-busy="true">
        <Loader type="dots" />
      </Center>
    )
  }

  const locked = lockedShare(query.error)
  // A transfer with both locks asks for the code first, then (its record read again) the password.
  if (locked?.code === 'verification_required') return <ShareVerify uniqueId={uniqueId} locked={locked} />
  if (locked) return <ShareUnlock uniqueId={uniqueId} locked={locked} />

  if (query.isError) {
    return (
      <ShareDeadEnd
        icon={<IconMoodSad size={30} />}
        title={t(shareFailureTitle(query.error))}
        text={messageText(shareFailure(query.error))}
        homeTo={homeTo}
        testId="share-error"
      />
    )
  }

  const data = query.data
  const { transfer, tracking } = data
  // A virus was found (docs/decisions/0039): nobody downloads it, and recipients learn no more.
  if (transfer.scan_hold === 'frozen') {
    return (
      <ShareDeadEnd
        icon={<IconShieldLock size={30} />}
        title={t('scan.frozenTitle')}
        text={t('scan.frozen')}
        homeTo={homeTo}
        testId="share-frozen"
      />
    )
  }
  // Being checked for viruses: recipients get no files yet; the record is read again until it opens.
  const scanning = transfer.scan_hold === 'scanning'
  // A clean data room (issue 19 item 3): its files are viewed as watermarked pages, never downloaded.
  const room = transfer.clean_data_room
  // A data room's recipients get no download_url: the room is open while the transfer is active.
  const active = transfer.status === 'active' && (room || data.download_url !== null)
  const downloadUrl = data.download_url
  const hrefOf =
    active && downloadUrl
      ? (file: TransferFile) => shareDownloadHref(transfer.unique_id, { fileKey: file.file_key }, trackingId)
      : null
  // Files with a preview show as a gallery that opens the viewer; the others as the list.
  const viewable = active ? transfer.files.filter((file) => file.preview_url !== null) : []
  const listed = active ? transfer.files.filter((file) => file.preview_url === null) : transfer.files
  const showZip = transfer.files.length > 1
  const commentsFile = transfer.files.find((file) => file.file_id === commentsFileId) ?? null
  const canZip = active && zipAllowed(transfer.total_size, zipMaxMb, transfer.status)
  const zipHref = canZip && downloadUrl ? shareDownloadHref(transfer.unique_id, { zip: true }, trackingId) : null

  const startDownload = async (href: string, key: string, kind: 'file' | 'zip') => {
    setDownloadError(null)
    const ok = await download.start(href, key)
    if (!ok) {
      setDownloadError(kind)
      void query.refetch()
    }
  }

  return (
    <Stack gap="lg">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
              <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }} data-testid="share-title">
                {transfer.title || t('share.untitled')}
              </Title>
              <Text c="dimmed" size="sm" data-testid="share-meta">
                {t('share.sentBy', { name: data.sender.name })}
                {' · '}
                {t('share.uploaded', { date: formatDate(transfer.created_at) })}
              </Text>
            </Stack>
            <StatusBadge data={data} onExpire={() => void query.refetch()} />
          </Group>

          {transfer.message && (
            <Paper bg="gray.0" radius="md" p="md" data-testid="share-message">
              <Text size="sm" c="dimmed" fw={600} mb={4}>
                {t('share.message')}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{transfer.message}</Text>
            </Paper>
          )}

          {scanning && (
            <Alert
              color="blue"
              variant="light"
              icon={<IconShieldSearch size={18} />}
              title={t('scan.scanningTitle')}
              aria-live="polite"
              data-testid="share-scanning"
            >
              <Group gap="xs" wrap="nowrap">
                <Loader size="xs" type="dots" aria-hidden />
                <Text size="sm">{t('scan.scanning')}</Text>
              </Group>
            </Alert>
          )}

          {!active && !scanning && (
            <Alert
              color={transfer.status === 'deleted' ? 'gray' : 'red'}
              variant="light"
              icon={<IconAlertCircle size={18} />}
              data-testid="share-unavailable"
            >
              {transfer.status === 'deleted'
                ? t('share.deletedDetails', { date: formatDate(transfer.deleted_at) })
                : t('share.expiredDetails', { date: formatDate(transfer.expires_at) })}
            </Alert>
          )}

          <Stack gap="xs" display={scanning && transfer.files.length === 0 ? 'none' : undefined}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{t('share.files', { count: transfer.files.length })}</Text>
              <Text size="sm" c="dimmed" data-testid="share-total">
                {t('share.total', { size: formatSize(transfer.total_size) })}
              </Text>
            </Group>
            {room && (
              <DataRoomFiles
                uniqueId={transfer.unique_id}
                files={transfer.files}
                trackingId={trackingId}
                pdfDownload={transfer.data_room_pdf_download}
                active={active}
                onView={(file) => setViewing(file.file_id)}
              />
            )}
            {!room && viewable.length > 0 && (
              <ShareGallery
                files={viewable}
                onOpen={(file) => setViewing(file.file_id)}
                hrefOf={hrefOf}
                pendingKey={download.pending}
                onDownload={(file, href) => void startDownload(href, file.file_key, 'file')}
              />
            )}
            {!room && listed.length > 0 && (
              <ShareFileList
                files={listed}
                hrefOf={hrefOf}
                pendingKey={download.pending}
                onDownload={(file, href) => void startDownload(href, file.file_key, 'file')}
                onComments={
                  transfer.comments_enabled && active
                    ? (file) => setCommentsFileId((open) => (open === file.file_id ? null : file.file_id))
                    : undefined
                }
                commentsFileId={commentsFileId}
              />
            )}
          </Stack>

          {transfer.comments_enabled && active && commentsFile && (
            <FileCommentsSection
              uniqueId={transfer.unique_id}
              fileId={commentsFile.file_id}
              fileName={commentsFile.file_name}
              trackingId={trackingId}
              onClose={() => setCommentsFileId(null)}
            />
          )}

          {downloadError && (
            <ErrorAlert onClose={() => setDownloadError(null)} data-testid="download-error">
              {downloadError === 'zip' ? t('share.errors.zip') : t('share.errors.download')}
            </ErrorAlert>
          )}

          {!room && showZip && zipHref && (
            <Button
              component="a"
              href={zipHref}
              size="md"
              leftSection={<IconFileZip size={18} />}
              loading={download.pending === zipKey}
              onClick={(event) => {
                event.preventDefault()
                void startDownload(zipHref, zipKey, 'zip')
              }}
              data-testid="download-zip"
            >
              {t('share.downloadZip')}
            </Button>
          )}
          {!room && showZip && active && !canZip && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="zip-too-large">
              {t('share.zipTooLarge', { size: formatSize(transfer.total_size), limit: zipMaxMb })}
            </Alert>
          )}

          {!room && active && <DownloadCheck files={transfer.files} />}

          {room ? (
            <DataRoomNotice />
          ) : (
            <Text size="sm" c="dimmed" data-testid="download-count">
              {t('share.downloadCount', { count: transfer.download_count })}
            </Text>
          )}
        </Stack>
      </Paper>

      {room && (
        <DataRoomViewer
          uniqueId={transfer.unique_id}
          files={active ? transfer.files : []}
          fileId={viewing}
          onClose={() => setViewing(null)}
          trackingId={trackingId}
          pdfDownload={transfer.data_room_pdf_download}
          onVerificationLost={refetchShare}
        />
      )}
      <FileViewer
        files={room ? [] : viewable}
        fileId={viewing}
        onFileChange={setViewing}
        hrefOf={hrefOf as ((file: ShareFile) => string) | null}
        pendingKey={download.pending}
        onDownload={(file, href) => void startDownload(href, file.file_key, 'file')}
        sidePanel={
          viewerSidePanel ??
          (transfer.comments_enabled && active ? (
            <ViewerComments uniqueId={transfer.unique_id} trackingId={trackingId} />
          ) : undefined)
        }
      />

      {tracking.is_sender && tracking.recipients && tracking.recipients.length > 0 && (
        <ShareTracking recipients={tracking.recipients} files={transfer.files} />
      )}
    </Stack>
  )
}
