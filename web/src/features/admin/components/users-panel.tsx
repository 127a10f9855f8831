import type { AdminUserCreateResponse, AdminUserRequest, AdminUserSortKey } from '@ferry/contracts/api/admin'
import type { AdminUser } from '@ferry/contracts/api/users'
import { Button, Center, Group, Loader, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconPlus, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { adminErrorText, isAccessDenied } from '../admin-error-text.js'
import {
  useAdminUsers,
  useCreateUser,
  useDeleteUser,
  useNewSetPasswordLink,
  useUpdateUser,
} from '../api/admin-queries.js'
import { AccessDenied } from './access-denied.js'
import { CreatedLinkModal } from './created-link-modal.js'
import { DeleteUserModal } from './delete-user-modal.js'
import { UserFormModal } from './user-form-modal.js'
import { type UserSort, UsersTable } from './users-table.js'

const pageSizes = ['10', '25', '50', '100']

export interface UsersPanelProps {
  /** Called after a user was created, changed or deleted, so the page can reload what depends on users. */
  onChanged?(): void
}

/** The Users tab (spec/accounts.md §2, §4, §8): System Users with paging, sorting, search, and the three modals. */
export function UsersPanel({ onChanged }: UsersPanelProps) {
  const { t, i18n } = useTranslation('admin')
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(25)
  const [sort, setSort] = useState<UserSort>({ sort: 'created_at', order: 'desc' })
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300)
  const list = useAdminUsers({ page, page_size: pageSize, ...sort, search: debouncedSearch || undefined })
  const create = useCreateUser()
  const update = useUpdateUser()
  const remove = useDeleteUser()
  const newLink = useNewSetPasswordLink()
  const [formOpen, setFormOpen] = useState(false)
  const [editing, setEditing] = useState<AdminUser | null>(null)
  const [toDelete, setToDelete] = useState<AdminUser | null>(null)
  const [created, setCreated] = useState<{ result: AdminUserCreateResponse; isNew: boolean } | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [panelError, setPanelError] = useState<string | null>(null)
  const [loadErrorDismissed, setLoadErrorDismissed] = useState(false)

  if (list.isError && isAccessDenied(list.error)) return <AccessDenied />

  const openForm = (user: AdminUser | null) => {
    setEditing(user)
    setFormError(null)
    setFormOpen(true)
  }

  const save = (body: AdminUserRequest) => {
    setFormError(null)
    const onError = (error: unknown, fallback: string) => setFormError(adminErrorText(i18n, error, fallback))
    if (editing) {
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            setFormOpen(false)
            onChanged?.()
          },
          onError: (error) => onError(error, t('users.updateFailed')),
        },
      )
    } else {
      create.mutate(body, {
        onSuccess: (result) => {
          setFormOpen(false)
          setCreated({ result, isNew: true })
          onChanged?.()
        },
        onError: (error) => onError(error, t('users.createFailed')),
      })
    }
  }

  const confirmDelete = () => {
    if (!toDelete) return
    setPanelError(null)
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null)
        onChanged?.()
      },
      onError: (error) => {
        setToDelete(null)
        setPanelError(adminErrorText(i18n, error, t('users.deleteFailed')))
      },
    })
  }

  const sendNewLink = (user: AdminUser) => {
    setPanelError(null)
    newLink.mutate(user.id, {
      onSuccess: (result) => setCreated({ result, isNew: false }),
      onError: (error) => setPanelError(adminErrorText(i18n, error, t('users.newLinkFailed'))),
    })
  }

  const toggleSort = (key: AdminUserSortKey) => {
    setSort((current) =>
      current.sort === key
        ? { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { sort: key, order: 'asc' },
    )
    setPage(1)
  }

  const data = list.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1
  const from = data && data.total > 0 ? (data.page - 1) * data.page_size + 1 : 0
  const to = data ? from + data.items.length - Math.min(1, data.items.length) : 0

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="xl">
          {t('users.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)} data-testid="add-user">
          {t('users.add')}
        </Button>
      </Group>
      <TextInput
        placeholder={t('users.search')}
        aria-label={t('users.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value)
          setPage(1)
        }}
        data-testid="users-search"
      />
      {list.isError && !loadErrorDismissed && (
        <ErrorAlert title={t('errorTitle')} onClose={() => setLoadErrorDismissed(true)} data-testid="users-error">
          {adminErrorText(i18n, list.error, t('users.loadFailed'))}
        </ErrorAlert>
      )}
      {panelError && (
        <ErrorAlert title={t('errorTitle')} onClose={() => setPanelError(null)} data-testid="users-error">
          {panelError}
        </ErrorAlert>
      )}
      {list.isPending ? (
        <Center py="xl" aria-busy="true">
          <Loader type="dots" />
        </Center>
      ) : data && data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('users.empty')}
        </Text>
      ) : data ? (
        <UsersTable
          users={data.items}
          sort={sort}
          onSort={toggleSort}
          onEdit={openForm}
          onDelete={setToDelete}
          onNewLink={sendNewLink}
        />
      ) : null}
      {data && data.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="users-range">
            {t('users.showing', { from, to, count: data.total })}
          </Text>
          <Group gap="sm">
            <Select
              aria-label={t('users.pageSize')}
              data={pageSizes}
              value={String(pageSize)}
              onChange={(value) => {
                setPageSize(Number(value ?? 25))
                setPage(1)
              }}
              allowDeselect={false}
              w={90}
            />
            <nav aria-label={t('users.pagination')}>
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`users.pageControls.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('users.pageItem', { page: item }) })}
              />
            </nav>
          </Group>
        </Group>
      )}
      <UserFormModal
        opened={formOpen}
        user={editing}
        pending={create.isPending || update.isPending}
        error={
          formError && (
            <ErrorAlert title={t('errorTitle')} onClose={() => setFormError(null)} data-testid="user-form-error">
              {formError}
            </ErrorAlert>
          )
        }
        onClose={() => setFormOpen(false)}
        onSubmit={save}
      />
      <CreatedLinkModal
        created={created?.result ?? null}
        title={created?.isNew === false ? t('created.newLinkTitle') : t('created.title')}
        onClose={() => setCreated(null)}
      />
      <DeleteUserModal
        user={toDelete}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  )
}
