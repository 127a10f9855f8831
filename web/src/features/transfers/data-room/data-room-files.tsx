import type { ShareFile } from '@ferry/contracts/api/transfers'
import { Badge, Box, Button, Group, Text } from '@mantine/core'
import { IconEye, IconLock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { ShareFileRow, ShareFileRows } from '../components/share-file-rows.js'
import { RoomPdfButton } from './room-pdf-button.js'

export interface DataRoomFilesProps {
  uniqueId: string
  files: readonly ShareFile[]
  trackingId: string | null
  /** The sender allows a watermarked PDF of each file. */
  pdfDownload: boolean
  /** Files can be opened (the transfer is active). */
  active: boolean
  onView(file: ShareFile): void
}

/** What the room says of a file beside its size: its pages, that they are being made, or that it cannot be shown. */
function FileState({ file }: { file: ShareFile }) {
  const { t } = useTranslation('transfers')
  if (file.data_room_status === 'pending')
    return (
      <Badge color="yellow" variant="light" tt="none" data-testid="data-room-file-state">
        {t('dataRoom.file.pending')}
      </Badge>
    )
  if (file.data_room_status === 'unsupported')
    return (
      <Badge color="gray" variant="light" tt="none" data-testid="data-room-file-state">
        {t('dataRoom.file.unsupported')}
      </Badge>
    )
  if (file.data_room_pages === null) return null
  return (
    <Text span size="sm" c="dimmed" data-testid="data-room-file-state">
      {t('dataRoom.file.pages', { count: file.data_room_pages })}
    </Text>
  )
}

/**
 * The files of a clean data room on the share page (issue 19 item 3): each with a View button
 * that opens the room's viewer, never a download of the original; a watermarked PDF only when the
 * sender allows it. Rows carry the test ids and names of the other file lists.
 */
export function DataRoomFiles({ uniqueId, files, trackingId, pdfDownload, active, onView }: DataRoomFilesProps) {
  const { t } = useTranslation('transfers')
  const { t: tViewer } = useTranslation('viewer')
  const formatSize = useFormatFileSize()
  return (
    <ShareFileRows testId="data-room-files">
      {files.map((file, index) => {
        const viewable = active && file.data_room_status !== 'unsupported'
        const pdf = active && pdfDownload && file.data_room_status === 'ready'
        return (
          <ShareFileRow
            key={file.file_id}
            name={file.file_name}
            first={index === 0}
            icon={<IconLock size={18} aria-hidden />}
            iconColor="indigo"
            details={
              <Group gap="xs">
                <Text span size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatSize(file.file_size)}
                </Text>
                <FileState file={file} />
              </Group>
            }
          >
            {pdf && (
              <RoomPdfButton uniqueId={uniqueId} file={file} trackingId={trackingId} testId="data-room-file-pdf" />
            )}
            {viewable && (
              <Button
                variant="light"
                size="sm"
                aria-label={tViewer('open', { name: file.file_name })}
                onClick={() => onView(file)}
                data-testid="data-room-view"
              >
                <IconEye size={16} aria-hidden />
                <Box component="span" visibleFrom="xs" ml={8}>
                  {t('dataRoom.view')}
                </Box>
              </Button>
            )}
          </ShareFileRow>
        )
      })}
    </ShareFileRows>
  )
}
