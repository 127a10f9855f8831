import type { AdminUserSortKey } from '@ferry/contracts/api/admin'
import type { AdminUser } from '@ferry/contracts/api/users'
import { ActionIcon, Group, Table, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconMailForward, IconPencil, IconSelector, IconTrash } from '@tabler/icons-react'
import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'
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
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.id')}</Table.Th>
            <SortableHeader column="name" sort={sort} onSort={onSort} />
            <SortableHeader column="email" sort={sort} onSort={onSort} />
            <SortableHeader column="role" sort={sort} onSort={onSort} />
            <SortableHeader column="created_at" sort={sort} onSort={onSort} />
            <Table.Th>{t('users.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid="user-row" data-email={user.email}>
              <Table.Td>
                <Text size="xs" ff="monospace" title={user.id}>
                  {user.id.slice(0, 8)}
                </Text>
              </Table.Td>
              <Table.Td>{user.name}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>{formatDate(user.created_at)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    onClick={() => onEdit(user)}
                    aria-label={t('users.edit', { name: user.name })}
                  >
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
