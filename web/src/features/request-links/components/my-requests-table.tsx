import { type RequestLinkStatus, type RequestListItem, requestLinkStatus } from '@ferry/contracts/api/request-links'
import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core'
import { IconLock, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadMore } from '../../../components/load-more.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useDeleteRequestLink, useRequestLinkList, useUpdateRequestLink } from '../api/request-link-queries.js'
import { createLinkFailure } from '../request-link-errors.js'
import { linkIdPrefix, requestUploadUrl } from '../request-link-text.js'
import { CopyLinkButton } from './copy-link-button.js'
import { DeleteRequestModal, EditRequestModal } from './edit-request-modal.js'
import { ListEmpty, ListFailed, ListLoading } from './list-states.js'
import { useMessageText } from './message-text.js'
import { useNotify } from './use-notify.js'

const statusColors: Record<RequestLinkStatus, string> = {
  closed: 'gray',
  completed: 'blue',
  expired: 'red',
  active: 'green',
}

/**
 * My Requests (spec/transfers.md §2): each link by its name (the id's prefix when it has none), when it
 * expires, its status and the files received; copy, edit, close or open again, delete. Five narrow
 * columns, so the table fits its card at 1280 px.
 */
export function MyRequestsTable() {
  const { t } = useTranslation('requestLinks')
  const formatDate = useFormatDate()
  const messageText = useMessageText()
  const notify = useNotify()
  const list = useRequestLinkList()
  const update = useUpdateRequestLink()
  const remove = useDeleteRequestLink()
  const [editing, setEditing] = useState<RequestListItem | null>(null)
  const [deleting, setDeleting] = useState<RequestListItem | null>(null)

  if (list.isPending) return <ListLoading />
  if (list.isError) return <ListFailed onRetry={() => void list.refetch()} />
  const items = list.items ?? []
  if (items.length === 0) return <ListEmpty text={t('mine.empty')} testId="my-requests-empty" />

  const failed = (error: unknown) => notify(messageText(createLinkFailure(error)), 'red')
  const setActive = (link: RequestListItem, active: boolean) =>
    update.mutate(
      { requestId: link.request_id, payload: { active } },
      {
        onSuccess: () => notify(t(active ? 'mine.reopened' : 'mine.closed')),
        onError: failed,
      },
    )

  const now = new Date()
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="my-requests-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mine.columns.name')}</Table.Th>
              <Table.Th>{t('mine.columns.expires')}</Table.Th>
              <Table.Th>{t('mine.columns.status')}</Table.Th>
              <Table.Th>{t('mine.columns.uploads')}</Table.Th>
              <Table.Th>{t('mine.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((link) => {
              const status = requestLinkStatus(link, now)
              const open = status === 'active'
              return (
                <Table.Tr key={link.request_id} data-testid="my-request-row" data-request-id={link.request_id}>
                  <Table.Td maw={280}>
                    <Text
                      size="sm"
                      fw={500}
                      truncate="end"
                      title={link.name ?? link.request_id}
                      data-testid="request-name-cell"
                    >
                      {link.name ?? linkIdPrefix(link.request_id)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('mine.created', { date: formatDate(link.created_at) })}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(link.expires_at)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColors[status]} data-testid="request-status">
                      {t(`mine.status.${status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="request-uploads">
                    {link.uploads_count}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <CopyLinkButton value={requestUploadUrl(window.location.origin, link.request_id)} />
                      <Tooltip label={t('mine.edit')} withArrow>
                        <ActionIcon variant="subtle" aria-label={t('mine.edit')} onClick={() => setEditing(link)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      {open ? (
                        <Tooltip label={t('mine.close')} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="orange"
                            aria-label={t('mine.close')}
                            onClick={() => setActive(link, false)}
                          >
                            <IconLock size={18} />
                          </ActionIcon>
                        </Tooltip>
                      ) : (
                        <Tooltip label={t('mine.reopen')} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="green"
                            aria-label={t('mine.reopen')}
                            onClick={() => (status === 'expired' ? setEditing(link) : setActive(link, true))}
                          >
                            <IconLockOpen size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      <Tooltip label={t('mine.delete')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('mine.delete')}
                          onClick={() => setDeleting(link)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore
        shown={items.length}
        total={list.total}
        hasMore={list.hasMore}
        loading={list.isFetchingNextPage}
        onLoadMore={list.loadMore}
        data-testid="my-requests-load-more"
      />
      <EditRequestModal link={editing} onClose={() => setEditing(null)} />
      <DeleteRequestModal
        link={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.request_id, {
            onSuccess: () => {
              setDeleting(null)
              notify(t('mine.deleted'))
            },
            onError: failed,
          })
        }
      />
    </Stack>
  )
}
