import type { ShareFile } from '@ferry/contracts/api/transfers'
import { AspectRatio, Box, Button, Center, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { ScanMark } from '../components/scan-mark.js'
import { PreviewIcon } from './preview-icon.js'

export interface ShareGalleryProps {
  /** Files that have a preview (`preview_url`). */
  files: readonly ShareFile[]
  onOpen(file: ShareFile): void
  /** The link of each file's download, or null when downloads are not offered. */
  hrefOf: ((file: ShareFile) => string) | null
  pendingKey: string | null
  onDownload(file: ShareFile, href: string): void
}

/** The picture of a tile: the file's thumbnail, or its kind's icon when it has none (or it fails to load). */
function TileImage({ file }: { file: ShareFile }) {
  const [failed, setFailed] = useState(false)
  if (file.thumbnail_url && !failed) {
    return (
      <img
        src={file.thumbnail_url}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        data-testid="gallery-thumbnail"
      />
    )
  }
  return (
    <Center h="100%" c="blue.7" bg="blue.0">
      <PreviewIcon kind={file.preview_kind} size={40} />
    </Center>
  )
}

/**
 * The files of a share page that can be viewed in the browser (issue 19), as tiles: the picture
 * opens the viewer, the download button downloads as the file list's does. Tiles carry the same
 * test ids, labels and virus-scan marks as the list's rows.
 */
export function ShareGallery({ files, onOpen, hrefOf, pendingKey, onDownload }: ShareGalleryProps) {
  const { t } = useTranslation('viewer')
  const { t: tShare } = useTranslation('transfers')
  const formatSize = useFormatFileSize()
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3 }}
      spacing="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      data-testid="share-gallery"
    >
      {files.map((file) => {
        const href = hrefOf?.(file) ?? null
        return (
          <Paper
            key={file.file_id}
            component="li"
            withBorder
            radius="md"
            style={{ overflow: 'hidden' }}
            data-testid="share-file"
            data-file-name={file.file_name}
          >
            <UnstyledButton
              onClick={() => onOpen(file)}
              aria-label={t('open', { name: file.file_name })}
              display="block"
              w="100%"
              data-testid="gallery-open"
            >
              <AspectRatio ratio={4 / 3}>
                <TileImage file={file} />
              </AspectRatio>
            </UnstyledButton>
            <Group gap={6} wrap="nowrap" p="xs" align="center">
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="share-file-name">
                  {file.file_name}
                </Text>
                <Group gap={6} wrap="wrap">
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatSize(file.file_size)}
                  </Text>
                  <ScanMark status={file.scan_status} signature={file.scan_signature} />
                </Group>
              </Stack>
              {href && (
                <Button
                  component="a"
                  href={href}
                  variant="light"
                  size="compact-sm"
                  px={8}
                  loading={pendingKey === file.file_key}
                  aria-label={tShare('share.downloadFile', { name: file.file_name })}
                  onClick={(event) => {
                    event.preventDefault()
                    onDownload(file, href)
                  }}
                >
                  <IconDownload size={16} aria-hidden />
                  <Box component="span" visibleFrom="md" ml={6}>
                    {tShare('share.download')}
                  </Box>
                </Button>
              )}
            </Group>
          </Paper>
        )
      })}
    </SimpleGrid>
  )
}
