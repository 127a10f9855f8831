import { type RequestLinkStatus, requestLinkStatus } from '@ferry/contracts/api/request-links'
import { Badge, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LoadMore } from '../../../components/load-more.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useRequestLinkList } from '../api/request-link-queries.js'
import { linkIdPrefix, requestUploadUrl } from '../request-link-text.js'
import { CopyLinkButton } from './copy-link-button.js'
import { ListEmpty, ListFailed, ListLoading } from './list-states.js'

const statusColors: Record<RequestLinkStatus, string> = { completed: 'blue', expired: 'red', active: 'green' }

/** My Requests (spec/transfers.md §2): Link ID prefix, Created, Expires, derived Status, Uploads, copy link. */
export function MyRequestsTable() {
  const { t } = useTranslation('requestLinks')
  const formatDate = useFormatDate()
  const list = useRequestLinkList()

  if (list.isPending) return <ListLoading />
  if (list.isError) return <ListFailed onRetry={() => void list.refetch()} />
  const items = list.items ?? []
  if (items.length === 0) return <ListEmpty text={t('mine.empty')} testId="my-requests-empty" />

  const now = new Date()
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="my-requests-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mine.columns.linkId')}</Table.Th>
              <Table.Th>{t('mine.columns.created')}</Table.Th>
              <Table.Th>{t('mine.columns.expires')}</Table.Th>
              <Table.Th>{t('mine.columns.status')}</Table.Th>
              <Table.Th>{t('mine.columns.uploads')}</Table.Th>
              <Table.Th>{t('mine.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((link) => {
              const status = requestLinkStatus(link, now)
              return (
                <Table.Tr key={link.request_id} data-testid="my-request-row" data-request-id={link.request_id}>
                  <Table.Td>
                    <Text ff="monospace" size="sm" title={link.request_id}>
                      {linkIdPrefix(link.request_id)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(link.created_at)}</Table.Td>
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
                    <CopyLinkButton value={requestUploadUrl(window.location.origin, link.request_id)} />
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
    </Stack>
  )
}
