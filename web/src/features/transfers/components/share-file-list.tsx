import type { TransferFile } from '@ferry/contracts/api/transfers'
import { Box, Button, Group, Text } from '@mantine/core'
import { IconDownload, IconFile, IconMessageCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { ScanMark } from './scan-mark.js'
import { ShareFileRow, ShareFileRows } from './share-file-rows.js'

export interface ShareFileListProps {
  files: readonly TransferFile[]
  /** The link of each file's download, or null when downloads are not offered (expired, deleted). */
  hrefOf: ((file: TransferFile) => string) | null
  pendingKey: string | null
  onDownload(file: TransferFile, href: string): void
  /** Opens a file's review comments (when the sender's plan has them); the open one is pressed. */
  onComments?(file: TransferFile): void
  commentsFileId?: string | null
}

/** The files of a share page, each with its size and a Download button. */
export function ShareFileList({
  files,
  hrefOf,
  pendingKey,
  onDownload,
  onComments,
  commentsFileId,
}: ShareFileListProps) {
  const { t } = useTranslation('transfers')
  const formatSize = useFormatFileSize()
  return (
    <ShareFileRows>
      {files.map((file, index) => {
        const href = hrefOf?.(file) ?? null
        return (
          <ShareFileRow
            key={file.file_id}
            name={file.file_name}
            first={index === 0}
            icon={<IconFile size={18} />}
            iconColor="blue"
            details={
              <Group gap={6} wrap="wrap">
                <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatSize(file.file_size)}
                </Text>
                <ScanMark status={file.scan_status} signature={file.scan_signature} />
              </Group>
            }
          >
            {onComments && (
              <Button
                variant={commentsFileId === file.file_id ? 'filled' : 'default'}
                size="sm"
                aria-pressed={commentsFileId === file.file_id}
                aria-label={t('comments.openFor', { name: file.file_name })}
                onClick={() => onComments(file)}
              >
                <IconMessageCircle size={16} aria-hidden />
                <Box component="span" visibleFrom="xs" ml={8}>
                  {t('comments.open')}
                </Box>
              </Button>
            )}
            {href && (
              <Button
                component="a"
                href={href}
                variant="light"
                size="sm"
                loading={pendingKey === file.file_key}
                aria-label={t('share.downloadFile', { name: file.file_name })}
                onClick={(event) => {
                  event.preventDefault()
                  onDownload(file, href)
                }}
              >
                {/* On a phone the icon alone, so the name has the width (the label names the file). */}
                <IconDownload size={16} aria-hidden />
                <Box component="span" visibleFrom="xs" ml={8}>
                  {t('share.download')}
                </Box>
              </Button>
            )}
          </ShareFileRow>
        )
      })}
    </ShareFileRows>
  )
}
