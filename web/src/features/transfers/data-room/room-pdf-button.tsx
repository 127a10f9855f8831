import type { ShareFile } from '@ferry/contracts/api/transfers'
import { Box, Button } from '@mantine/core'
import { IconFileTypePdf } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { roomPdfHref } from '../api/data-room-api.js'

/**
 * "Watermarked PDF": the file as a PDF stamped with this recipient's id, offered only when the
 * sender allows it (data_room_pdf_download). On a phone the icon alone; its label names the file.
 */
export function RoomPdfButton({
  uniqueId,
  file,
  trackingId,
  testId,
}: {
  uniqueId: string
  file: ShareFile
  trackingId: string | null
  testId: string
}) {
  const { t } = useTranslation('transfers')
  return (
    <Button
      component="a"
      href={roomPdfHref(uniqueId, file.file_id, trackingId)}
      download
      variant="default"
      size="sm"
      aria-label={t('dataRoom.pdfFor', { name: file.file_name })}
      data-testid={testId}
    >
      <IconFileTypePdf size={16} aria-hidden />
      <Box component="span" visibleFrom="xs" ml={8}>
        {t('dataRoom.pdf')}
      </Box>
    </Button>
  )
}
