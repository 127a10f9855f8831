import { ActionIcon, Anchor, Badge, CopyButton, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core'
import {
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconLink,
  IconLockOpen,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CardsSort, type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatNumber } from '../../../components/use-format-number.js'
import type { ListedTransfer } from '../api/transfers-api.js'
import { infectedSignatures } from '../scan-signatures.js'
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
  /** The admin view: releases a transfer the virus scan froze (after confirmation). */
  onUnfreeze?(transfer: ListedTransfer): void
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
  onUnfreeze,
}: TransferTableProps) {
  const { t } = useTranslation('transfers')
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  const formatNumber = useFormatNumber()
  const header = (key: SortKey, label: string): Pick<ResponsiveColumn<ListedTransfer>, 'key' | 'label' | 'th'> => ({
    key,
    label,
    th: <SortHeader key={key} label={label} sortKey={key} sort={sort} onSort={onSort} />,
  })
  // The virus scan's hold (docs/decisions/0039): frozen with what was found, or being checked.
  const scanBadge = (transfer: ListedTransfer) =>
    transfer.scan_hold === 'frozen' ? (
      <Badge size="xs" color="red" variant="filled" tt="none" data-testid="cell-frozen">
        {t('scan.frozenBadge', { signature: infectedSignatures(transfer) })}
      </Badge>
    ) : transfer.scan_hold === 'scanning' ? (
      <Badge size="xs" color="blue" variant="light" tt="none" data-testid="cell-scanning">
        {t('scan.scanningBadge')}
      </Badge>
    ) : null
  const titleLink = (transfer: ListedTransfer, truncate: boolean) => (
    <>
      <Anchor
        component={Link}
        to={detailPath(transfer.id)}
        size="sm"
        fw={500}
        display="block"
        truncate={truncate}
        title={transfer.title}
        data-testid="cell-title"
      >
        {transfer.title || t('list.untitled')}
      </Anchor>
      {scanBadge(transfer)}
    </>
  )
  const nowrap = { style: { whiteSpace: 'nowrap' } } as const
  const fileText = (transfer: ListedTransfer) =>
    transfer.files.length === 1 ? transfer.file_name : t('list.fileCount', { count: transfer.files.length })
  const columns: ResponsiveColumn<ListedTransfer>[] = [
    {
      ...header('id', t('list.columns.id')),
      // The title opens the transfer; the id stays for whoever needs to quote it.
      cell: (transfer) => (
        <Anchor component={Link} to={detailPath(transfer.id)} ff="monospace" size="xs" c="dimmed" tabIndex={-1}>
          {shortId(transfer.id)}
        </Anchor>
      ),
    },
    ...(showOwner
      ? [
          {
            ...header('owner', t('list.columns.owner')),
            tdProps: { maw: 240, 'data-testid': 'cell-owner' },
            cell: (transfer: ListedTransfer) => (
              <Text size="sm" truncate title={transfer.owner_name ?? undefined}>
                {transfer.owner_email ?? t('list.noOwner')}
              </Text>
            ),
            cardCell: (transfer: ListedTransfer) => transfer.owner_email ?? t('list.noOwner'),
          } satisfies ResponsiveColumn<ListedTransfer>,
        ]
      : []),
    {
      ...header('title', t('list.columns.title')),
      card: 'title',
      tdProps: { maw: 220 },
      cell: (transfer) => titleLink(transfer, true),
      cardCell: (transfer) => titleLink(transfer, false),
    },
    {
      ...header('recipient', t('list.columns.recipient')),
      tdProps: { maw: 220 },
      cell: (transfer) => (
        <Text size="sm" truncate title={transfer.recipient_emails.join(', ')}>
          {transfer.recipient_email}
          {transfer.recipient_emails.length > 1 && (
            <Badge ml={6} size="xs" variant="light" color="gray">
              +{transfer.recipient_emails.length - 1}
            </Badge>
          )}
        </Text>
      ),
      cardCell: (transfer) => transfer.recipient_emails.join(', ') || transfer.recipient_email,
    },
    {
      ...header('file', t('list.columns.file')),
      tdProps: { maw: 200 },
      cell: (transfer) => (
        <Text size="sm" truncate title={transfer.files.map((file) => file.file_name).join(', ')}>
          {fileText(transfer)}
        </Text>
      ),
      cardCell: fileText,
    },
    {
      ...header('size', t('list.columns.size')),
      tdProps: { style: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } },
      cell: (transfer) => formatSize(transfer.file_size),
    },
    {
      ...header('downloads', t('list.columns.downloads')),
      tdProps: { style: { fontVariantNumeric: 'tabular-nums' }, 'data-testid': 'cell-downloads' },
      cell: (transfer) => formatNumber(transfer.download_count),
    },
    {
      ...header('created', t('list.columns.created')),
      tdProps: nowrap,
      cell: (transfer) => formatDate(transfer.created_at),
    },
    {
      ...header('expires', t('list.columns.expires')),
      tdProps: nowrap,
      cell: (transfer) => (
        <Group gap={6} wrap="nowrap" justify="flex-end" display="inline-flex">
          <Text size="sm">{formatDate(transfer.expires_at)}</Text>
          {transfer.status !== 'active' && (
            <Badge size="xs" color="red" variant="light">
              {t('detail.expired')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'actions',
      label: t('list.columns.actions'),
      card: 'actions',
      cell: (transfer) => (
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
          {onUnfreeze && transfer.scan_hold === 'frozen' && (
            <Tooltip label={t('scan.unfreeze')} withArrow>
              <ActionIcon
                variant="subtle"
                color="orange"
                onClick={() => onUnfreeze(transfer)}
                aria-label={t('scan.unfreeze')}
                data-testid="unfreeze"
              >
                <IconLockOpen size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('list.delete')} withArrow>
            <ActionIcon variant="subtle" color="red" onClick={() => onDelete(transfer)} aria-label={t('list.delete')}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ]

  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(transfer) => transfer.id}
      rowAttributes={(transfer) => ({ 'data-testid': 'transfer-row', 'data-title': transfer.title })}
      label={t('list.cardsLabel')}
      minWidth={showOwner ? 1150 : 1000}
      tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'sm', 'data-testid': 'transfers-table' }}
      cardsTestId="transfers-cards"
      cardsHeader={
        <CardsSort
          options={columns
            .filter((column) => column.th)
            .map((column) => ({ value: column.key as SortKey, label: column.label }))}
          value={sort.key}
          direction={sort.direction}
          onSort={onSort}
        />
      }
    />
  )
}
