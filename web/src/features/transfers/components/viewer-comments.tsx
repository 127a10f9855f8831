import { Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useViewer } from '../viewer/viewer-context.js'
import { CommentsPanel } from './comments-panel.js'

/**
 * The review comments beside the share page's viewer: the file on screen, where the person is in
 * it as the new comment's anchor, and a thread's anchor shown by seeking the viewer to it.
 */
export function ViewerComments({ uniqueId, trackingId }: { uniqueId: string; trackingId: string | null }) {
  const { t } = useTranslation('transfers')
  const viewer = useViewer()
  return (
    <Stack gap="sm" component="section" aria-label={t('comments.titleFor', { name: viewer.file.file_name })}>
      <Title order={2} fz="md">
        {t('comments.title')}
      </Title>
      <CommentsPanel
        key={viewer.fileId}
        uniqueId={uniqueId}
        fileId={viewer.fileId}
        trackingId={trackingId}
        anchor={viewer.anchor}
        onSeek={viewer.seek}
      />
    </Stack>
  )
}
