import type { ReceivedFile, ReceivedGroup } from '@ferry/contracts/api/request-links'
import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { IconDownload, IconFileZip } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { LoadMore } from '../../../components/load-more.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { ScanMark } from '../../transfers/index.js'
import { useReceivedGroups } from '../api/request-link-queries.js'
import { receivedFileHref, receivedGroupHref } from '../api/request-links-api.js'
import { linkIdPrefix } from '../request-link-text.js'
import { ListEmpty, ListFailed, ListLoading } from './list-states.js'

/** Bytes the virus scan let through (docs/decisions/0039): the server refuses the others too. */
const downloadable = (file: ReceivedFile) => file.scan_status !== 'infected' && file.scan_status !== 'pending'

/**
 * One received group. Downloads are plain links: the server answers with an attachment (or a
 * redirect to the store), so the browser's download manager does the work and the page stays.
 */
function ReceivedGroupCard({ group }: { group: ReceivedGroup }) {
  const { t } = useTranslation('requestLinks')
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  return (
    <Card withBorder radius="md" padding="md" data-testid="received-group" data-request-id={group.request_id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            {/* Labelled by the link's name, as My Requests lists it; by its id only when unnamed (newcomer walk, Received Files). */}
            {group.request_name ? (
              <Text fw={600} size="sm" data-testid="received-request">
                {t('received.requestNamed', { name: group.request_name })}
              </Text>
            ) : (
              <Text fw={600} size="sm" ff="monospace" data-testid="received-request">
                {t('received.request', { id: linkIdPrefix(group.request_id) })}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDate(group.created_at)}
            </Text>
          </div>
          {!group.files_deleted && group.files.length > 0 && group.files.every(downloadable) && (
            <Button
              component="a"
              href={receivedGroupHref(group.id)}
              size="xs"
              variant="light"
              leftSection={<IconFileZip size={16} />}
              data-testid="received-download-all"
            >
              {t('received.downloadAll')}
            </Button>
          )}
        </Group>
        <Text size="sm" data-testid="received-from">
          {t('received.from', { sender: group.sender_info || t('received.anonymous') })}
        </Text>
        {group.files_deleted ? (
          <Text size="sm" c="dimmed">
            {t('received.filesDeleted')}
          </Text>
        ) : (
          group.available_until && (
            <Text size="xs" c="dimmed">
              {t('received.keptUntil', { date: formatDate(group.available_until) })}
            </Text>
          )
        )}
        <Stack gap={6}>
          {group.files.map((file) => (
            <Group
              key={file.id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              data-testid="received-file"
              data-file-name={file.file_name}
            >
              <Text size="sm" style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
                {file.file_name}
              </Text>
              <ScanMark status={file.scan_status} signature={file.scan_signature} />
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatSize(file.file_size)}
              </Text>
              {!group.files_deleted && downloadable(file) && (
                <Button
                  component="a"
                  href={receivedFileHref(file.id)}
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconDownload size={14} />}
                  data-testid="received-file-download"
                >
                  {t('received.download')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  )
}

/** Received Files (spec/transfers.md §2): one card per upload to any of the requester's links. */
export function ReceivedFilesList() {
  const { t } = useTranslation('requestLinks')
  const groups = useReceivedGroups()
  if (groups.isPending) return <ListLoading />
  if (groups.isError) return <ListFailed onRetry={() => void groups.refetch()} />
  const items = groups.items ?? []
  if (items.length === 0) return <ListEmpty text={t('received.empty')} testId="received-empty" />
  return (
    <Stack gap="sm">
      {items.map((group) => (
        <ReceivedGroupCard key={group.id} group={group} />
      ))}
      <LoadMore
        shown={items.length}
        total={groups.total}
        hasMore={groups.hasMore}
        loading={groups.isFetchingNextPage}
        onLoadMore={groups.loadMore}
        data-testid="received-load-more"
      />
    </Stack>
  )
}
