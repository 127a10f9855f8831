import type { Transfer } from '@ferry/contracts/api/transfers'
import { Button, Group, Paper, Select, Stack, Title } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { commentsCsvHref } from '../api/comments-api.js'
import { useShare } from '../api/transfer-queries.js'
import { CommentsPanel } from './comments-panel.js'

/**
 * The sender's review comments on their transfer's page (issue 19 item 2): one file's threads at a
 * time, and the CSV export of all of them. Shown only when the sender's plan has document_comments
 * (the share record says so) and the transfer is still open to comments.
 */
export function TransferCommentsPanel({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers')
  const share = useShare(transfer.unique_id, null)
  const [fileId, setFileId] = useState<string | null>(null)
  const record = share.data?.transfer
  if (!record?.comments_enabled || record.status !== 'active' || record.download_limit_reached) return null
  const chosen = fileId ?? transfer.files[0]?.file_id ?? null
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="transfer-comments-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md" id="transfer-comments-title">
            {t('comments.reviewTitle')}
          </Title>
          <Button
            component="a"
            href={commentsCsvHref(transfer.id)}
            download
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={14} />}
          >
            {t('comments.export')}
          </Button>
        </Group>
        {transfer.files.length > 1 && (
          <Select
            label={t('comments.chooseFile')}
            data={transfer.files.map((f) => ({ value: f.file_id, label: f.file_name }))}
            value={chosen}
            allowDeselect={false}
            onChange={setFileId}
            maw={400}
          />
        )}
        {chosen && <CommentsPanel key={chosen} uniqueId={transfer.unique_id} fileId={chosen} trackingId={null} />}
      </Stack>
    </Paper>
  )
}
