import type { ShareFile } from '@ferry/contracts/api/transfers'
import { Box, Group, Modal } from '@mantine/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isRoomNotReady, useRoomView } from '../api/data-room-api.js'
import { DataRoomNotice } from './data-room-notice.js'
import { RoomMessage } from './room-message.js'
import { RoomPages } from './room-pages.js'
import { RoomPdfButton } from './room-pdf-button.js'
import { fileProblem, roomProblem } from './room-problem.js'

export interface DataRoomViewerProps {
  uniqueId: string
  /** The data room's files; `fileId` names the one shown. */
  files: readonly ShareFile[]
  /** The file shown, or null when the viewer is closed. */
  fileId: string | null
  onClose(): void
  trackingId: string | null
  /** The sender allows a watermarked PDF of each file. */
  pdfDownload: boolean
  /** The recipient's confirmation ran out: the share page asks for a code again. */
  onVerificationLost(): void
}

/** Starts a view of the file (waiting while its pages are made) and shows its pages, or why it cannot. */
function RoomFile({
  uniqueId,
  file,
  trackingId,
  onVerificationLost,
}: {
  uniqueId: string
  file: ShareFile
  trackingId: string | null
  onVerificationLost(): void
}) {
  const refused = fileProblem(file.data_room_status)
  const view = useRoomView(uniqueId, file.file_id, trackingId, refused === null)
  const problem = view.isError ? roomProblem(view.error) : null
  useEffect(() => {
    if (problem === 'verification') onVerificationLost()
  }, [problem, onVerificationLost])
  if (refused) return <RoomMessage problem={refused} />
  if (view.isPending || isRoomNotReady(view.error)) return <RoomMessage problem="pending" />
  if (view.isError) return <RoomMessage problem={problem ?? 'failed'} onRetry={() => void view.refetch()} />
  return (
    <RoomPages
      uniqueId={uniqueId}
      trackingId={trackingId}
      fileName={file.file_name}
      view={view.data}
      onVerificationLost={onVerificationLost}
    />
  )
}

/**
 * The clean data room's viewer (issue 19 item 3): one file at a time, full screen, as page images
 * watermarked for this viewer, under a plain notice of what the room can and cannot do. No
 * download of the original; a watermarked PDF when the sender allows it.
 */
export function DataRoomViewer({
  uniqueId,
  files,
  fileId,
  onClose,
  trackingId,
  pdfDownload,
  onVerificationLost,
}: DataRoomViewerProps) {
  const { t } = useTranslation('viewer')
  const file = files.find((f) => f.file_id === fileId)
  const pdfOffered = pdfDownload && file?.data_room_status === 'ready'

  return (
    <Modal.Root opened={file !== undefined} onClose={onClose} fullScreen returnFocus>
      <Modal.Overlay />
      <Modal.Content data-testid="data-room-viewer" data-file-id={file?.file_id}>
        {file && (
          <Box style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
            <Modal.Header style={{ position: 'static', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Modal.Title
                miw={0}
                style={{ overflowWrap: 'anywhere', flex: 1 }}
                fw={600}
                data-testid="viewer-file-name"
              >
                {file.file_name}
              </Modal.Title>
              <Group gap="xs" wrap="nowrap">
                {pdfOffered && (
                  <RoomPdfButton uniqueId={uniqueId} file={file} trackingId={trackingId} testId="data-room-pdf" />
                )}
                <Modal.CloseButton aria-label={t('close')} size="lg" data-testid="viewer-close" />
              </Group>
            </Modal.Header>
            <DataRoomNotice compact />
            <Box bg="dark.8" style={{ flex: 1, minHeight: 0 }}>
              <RoomFile
                key={file.file_id}
                uniqueId={uniqueId}
                file={file}
                trackingId={trackingId}
                onVerificationLost={onVerificationLost}
              />
            </Box>
          </Box>
        )}
      </Modal.Content>
    </Modal.Root>
  )
}
