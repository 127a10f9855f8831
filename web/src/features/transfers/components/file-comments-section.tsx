import type { CommentAnchor } from '@ferry/contracts/api/comments'
import { CloseButton, Group, Paper, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { CommentsPanel } from './comments-panel.js'

export interface FileCommentsSectionProps {
  uniqueId: string
  fileId: string
  fileName: string
  trackingId: string | null
  anchor?: CommentAnchor | null
  onSeek?(anchor: CommentAnchor): void
  onClose(): void
}

/** A file's comments under the file list of the share page or the sender's transfer page. */
export function FileCommentsSection({ fileName, onClose, ...panel }: FileCommentsSectionProps) {
  const { t } = useTranslation('transfers')
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('comments.titleFor', { name: fileName })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {t('comments.titleFor', { name: fileName })}
          </Title>
          <CloseButton aria-label={t('comments.close')} onClick={onClose} />
        </Group>
        <CommentsPanel {...panel} />
      </Stack>
    </Paper>
  )
}
