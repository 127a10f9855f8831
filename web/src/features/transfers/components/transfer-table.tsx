import { ActionIcon, Anchor, Badge, CopyButton, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core'
import { IconCheck, IconChevronDown, IconChevronUp, IconLink, IconSelector, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatNumber } from '../../../components/use-format-number.js'
import type { ListedTransfer } from '../api/transfers-api.js'
import type { SortKey, SortState } from '../transfer-table-rows.js'

export interface TransferTableProps {
  rows: readonly ListedTransfer[]
  sort: SortState
  onSort(key: SortKey): void
  /** The admin view adds an Owner column: whose transfer it is, by email (issue 17 item 9). */
  showOwner?: boolean
  /** Where a row's ID links to. */
  detailPath(id: string): string
  /** An extra action for a row, from the page (the recovery of an expired transfer). */
  rowAction?: (transfer: ListedTransfer) => ReactNode
  onDelete(transfer: ListedTransfer): void
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string
  sortKey: SortKey
  sort: SortState
  onSort(key: SortKey): void
}) {
  const active = sort.key === sortKey
  const Icon = active ? (sort.direction === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector
  return (
    <Table.Th
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(sortKey)} data-testid={`sort-${sortKey}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} color={active ? undefined : 'var(--mantine-color-gray-5)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}

const shortId = (id: string) => `${id.slice(0, 8)}…`

/** The transfers table of My Transfers (and the admin view): sortable headers, copy link and delete. */
export function TransferTable({
  rows,
  sort,
  onSort,
  showOwner = false,
  detailPath,
  rowAction,
  onDelete,
}: TransferTableProps) {
  const { t } = useTranslation('transfers')
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  const formatNumber = useFormatNumber()
  const header = (key: SortKey, label: string): ReactNode => (
    <SortHeader key={key} label={label} sortKey={key} sort={sort} onSort={onSort} />
  )

  return (
    <Table.ScrollContainer minWidth={showOwner ? 1150 : 1000}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="transfers-table">
        <Table.Thead>
          <Table.Tr>
            {header('id', t('list.columns.id'))}
            {showOwner && header('owner', t('list.columns.owner'))}
            {header('title', t('list.columns.title'))}
            {header('recipient', t('list.columns.recipient'))}
            {header('file', t('list.columns.file'))}
            {header('size', t('list.columns.size'))}
            {header('downloads', t('list.columns.downloads'))}
            {header('created', t('list.columns.created'))}
            {header('expires', t('list.columns.expires'))}
            <Table.Th>{t('list.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((transfer) => (
            <Table.Tr key={transfer.id} data-testid="transfer-row" data-title={transfer.title}>
              <Table.Td>
                {/* The title opens the transfer; the id stays for whoever needs to quote it. */}
                <Anchor component={Link} to={detailPath(transfer.id)} ff="monospace" size="xs" c="dimmed" tabIndex={-1}>
                  {shortId(transfer.id)}
                </Anchor>
              </Table.Td>
              {showOwner && (
                <Table.Td maw={240} data-testid="cell-owner">
                  <Text size="sm" truncate title={transfer.owner_name ?? undefined}>
                    {transfer.owner_email ?? t('list.noOwner')}
                  </Text>
                </Table.Td>
              )}
              <Table.Td maw={220}>
                <Anchor
                  component={Link}
                  to={detailPath(transfer.id)}
                  size="sm"
                  fw={500}
                  display="block"
                  truncate
                  title={transfer.title}
                  data-testid="cell-title"
                >
                  {transfer.title || t('list.untitled')}
                </Anchor>
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" truncate title={transfer.recipient_emails.join(', ')}>
                  {transfer.recipient_email}
                  {transfer.recipient_emails.length > 1 && (
                    <Badge ml={6} size="xs" variant="light" color="gray">
                      +{transfer.recipient_emails.length - 1}
                    </Badge>
                  )}
                </Text>
              </Table.Td>
              <Table.Td maw={200}>
                <Text size="sm" truncate title={transfer.files.map((file) => file.file_name).join(', ')}>
                  {transfer.files.length === 1
                    ? transfer.file_name
                    : t('list.fileCount', { count: transfer.files.length })}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatSize(transfer.file_size)}
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="cell-downloads">
                {formatNumber(transfer.download_count)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(transfer.created_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{formatDate(transfer.expires_at)}</Text>
                  {transfer.status !== 'active' && (
                    <Badge size="xs" color="red" variant="light">
                      {t('detail.expired')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {rowAction?.(transfer)}
                  <CopyButton value={transfer.sharing_url} timeout={2000}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('list.copied') : t('list.copyLink')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'teal' : 'blue'}
                          onClick={copy}
                          aria-label={t('list.copyLink')}
                        >
                          {copied ? <IconCheck size={18} /> : <IconLink size={18} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                  <Tooltip label={t('list.delete')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(transfer)}
                      aria-label={t('list.delete')}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
