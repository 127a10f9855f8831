import { type RequestLinkStatus, type RequestListItem, requestLinkStatus } from '@ferry/contracts/api/request-links'
import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core'
import { IconLock, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadMore } from '../../../components/load-more.js'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useDeleteRequestLink, useRequestLinkList, useUpdateRequestLink } from '../api/request-link-queries.js'
import { createLinkFailure } from '../request-link-errors.js'
import { linkIdPrefix } from '../request-link-text.js'
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
  const nameCell = (link: RequestListItem, truncate: boolean) => (
    <>
      <Text
        size="sm"
        fw={500}
        truncate={truncate ? 'end' : undefined}
        style={truncate ? undefined : { overflowWrap: 'anywhere' }}
        title={link.name ?? link.request_id}
        data-testid="request-name-cell"
      >
        {link.name ?? linkIdPrefix(link.request_id)}
      </Text>
      <Text size="xs" c="dimmed" fw={400}>
        {t('mine.created', { date: formatDate(link.created_at) })}
      </Text>
    </>
  )
  const columns: ResponsiveColumn<RequestListItem>[] = [
    {
      key: 'name',
      label: t('mine.columns.name'),
      card: 'title',
      tdProps: { maw: 280 },
      cell: (link) => nameCell(link, true),
      cardCell: (link) => nameCell(link, false),
    },
    {
      key: 'expires',
      label: t('mine.columns.expires'),
      tdProps: { style: { whiteSpace: 'nowrap' } },
      cell: (link) => formatDate(link.expires_at),
    },
    {
      key: 'status',
      label: t('mine.columns.status'),
      cell: (link) => {
        const status = requestLinkStatus(link, now)
        return (
          <Badge variant="light" color={statusColors[status]} data-testid="request-status">
            {t(`mine.status.${status}`)}
          </Badge>
        )
      },
    },
    {
      key: 'uploads',
      label: t('mine.columns.uploads'),
      tdProps: { style: { fontVariantNumeric: 'tabular-nums' }, 'data-testid': 'request-uploads' },
      cell: (link) => link.uploads_count,
    },
    {
      key: 'actions',
      label: t('mine.columns.actions'),
      card: 'actions',
      cell: (link) => {
        const status = requestLinkStatus(link, now)
        const open = status === 'active'
        return (
          <Group gap={2} wrap="nowrap">
            <CopyLinkButton value={link.upload_url} />
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
              <ActionIcon variant="subtle" color="red" aria-label={t('mine.delete')} onClick={() => setDeleting(link)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )
      },
    },
  ]
  return (
    <Stack gap="sm">
      <ResponsiveTable
        rows={items}
        columns={columns}
        rowKey={(link) => link.request_id}
        rowAttributes={(link) => ({ 'data-testid': 'my-request-row', 'data-request-id': link.request_id })}
        label={t('tabs.mine')}
        minWidth={560}
        tableProps={{
          striped: true,
          highlightOnHover: true,
          verticalSpacing: 'sm',
          'data-testid': 'my-requests-table',
        }}
        cardsTestId="my-requests-cards"
      />
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
