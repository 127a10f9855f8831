import type { AdminUserSortKey } from '@ferry/contracts/api/admin'
import type { AdminUser } from '@ferry/contracts/api/users'
import { ActionIcon, Group, Table, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconMailForward, IconPencil, IconSelector, IconTrash } from '@tabler/icons-react'
import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'
import { CardsSort, type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useSession } from '../../auth/index.js'
import { RoleBadge } from './role-badge.js'

export interface UserSort {
  sort: AdminUserSortKey
  order: 'asc' | 'desc'
}

interface UsersTableProps {
  users: AdminUser[]
  sort: UserSort
  onSort(key: AdminUserSortKey): void
  onEdit(user: AdminUser): void
  onDelete(user: AdminUser): void
  /** Sends the user a new set-password link. */
  onNewLink(user: AdminUser): void
}

const columnLabels: Record<AdminUserSortKey, ParseKeys<'admin'>> = {
  name: 'users.columns.name',
  email: 'users.columns.email',
  role: 'users.columns.role',
  created_at: 'users.columns.created',
}

function SortableHeader({
  column,
  sort,
  onSort,
}: { column: AdminUserSortKey } & Pick<UsersTableProps, 'sort' | 'onSort'>) {
  const { t } = useTranslation('admin')
  const active = sort.sort === column
  const Icon = active ? (sort.order === 'asc' ? IconArrowUp : IconArrowDown) : IconSelector
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} data-testid={`sort-${column}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {t(columnLabels[column])}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}

/** System Users (spec/accounts.md §2): ID, Name, Email, Role badge, Created (local date and time), Edit and Delete. */
export function UsersTable({ users, sort, onSort, onEdit, onDelete, onNewLink }: UsersTableProps) {
  const { t } = useTranslation('admin')
  const formatDate = useFormatDate()
  const selfId = useSession().user?.id ?? null
  const sortable = (column: AdminUserSortKey): Pick<ResponsiveColumn<AdminUser>, 'key' | 'label' | 'th'> => ({
    key: column,
    label: t(columnLabels[column]),
    th: <SortableHeader column={column} sort={sort} onSort={onSort} />,
  })
  const columns: ResponsiveColumn<AdminUser>[] = [
    {
      key: 'id',
      label: t('users.columns.id'),
      cell: (user) => (
        <Text size="xs" ff="monospace" title={user.id} span>
          {user.id.slice(0, 8)}
        </Text>
      ),
    },
    { ...sortable('name'), card: 'title', cell: (user) => user.name },
    { ...sortable('email'), cell: (user) => user.email },
    { ...sortable('role'), cell: (user) => <RoleBadge role={user.role} /> },
    { ...sortable('created_at'), cell: (user) => formatDate(user.created_at) },
    {
      key: 'actions',
      label: t('users.columns.actions'),
      card: 'actions',
      cell: (user) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" onClick={() => onEdit(user)} aria-label={t('users.edit', { name: user.name })}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onNewLink(user)}
            aria-label={t('users.newLink', { name: user.name })}
          >
            <IconMailForward size={18} />
          </ActionIcon>
          {/* The server refuses deleting oneself: not offered (issue 17 item 9). */}
          {user.id !== selfId && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(user)}
              aria-label={t('users.delete', { name: user.name })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ),
    },
  ]
  return (
    <ResponsiveTable
      rows={users}
      columns={columns}
      rowKey={(user) => user.id}
      rowAttributes={(user) => ({ 'data-testid': 'user-row', 'data-email': user.email })}
      label={t('users.title')}
      minWidth={760}
      tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'sm', 'data-testid': 'users-table' }}
      cardsTestId="users-cards"
      cardsHeader={
        <CardsSort
          options={columns
            .filter((column) => column.th)
            .map((column) => ({ value: column.key as AdminUserSortKey, label: column.label }))}
          value={sort.sort}
          direction={sort.order}
          onSort={onSort}
        />
      }
    />
  )
}
