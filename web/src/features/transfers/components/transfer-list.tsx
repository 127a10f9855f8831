import { Alert, Button, Center, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue, useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch, IconUser, IconWifiOff } from '@tabler/icons-react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorAlert } from '../../../components/error-alert'
import { LoadMore } from '../../../components/load-more.js'
import { useDeleteTransfer, useTransferList, useUnfreezeTransfer } from '../api/transfer-queries.js'
import type { ListedTransfer, TransferListScope } from '../api/transfers-api.js'
import { useFeatureMessage } from '../hooks/use-feature-message.js'
import { infectedSignatures } from '../scan-signatures.js'
import { transferListFailure } from '../transfer-errors.js'
import { defaultSort, filterTransfers, type SortState, sortTransfers, toggleSort } from '../transfer-table-rows.js'
import { TransferTable } from './transfer-table.js'

export interface TransferListProps {
  /** 'own' is My Transfers; 'admin' lists everyone's, with the Owner column and the filter by owner. */
  scope: TransferListScope
  title: string
  /** Where 'New Transfer' leads; no button without it (the admin's list of everyone's transfers). */
  newTransferTo?: string
  loginTo: string
  detailPath(id: string): string
  /** An extra action for a row, from the page (the recovery of an expired transfer). */
  rowAction?: (transfer: ListedTransfer) => ReactNode
}

/** How long the owner filter waits after the last keystroke before it asks the server. */
const ownerFilterDelayMs = 300

/** My Transfers (spec/transfers.md §2): sortable, searchable table with refresh, copy link and delete after confirmation. */
export function TransferList({ scope, title, newTransferTo, loginTo, detailPath, rowAction }: TransferListProps) {
  const { t } = useTranslation('transfers')
  const messageText = useFeatureMessage()
  const isAdmin = scope === 'admin'
  // The admin's filter by owner email is the server's (?owner=), so it covers every page, not only those loaded.
  const [owner, setOwner] = useState('')
  const [ownerQuery] = useDebouncedValue(owner.trim(), ownerFilterDelayMs)
  const list = useTransferList(scope, isAdmin ? ownerQuery : '')
  const remove = useDeleteTransfer(scope)
  const [sort, setSort] = useState<SortState>(defaultSort)
  const [search, setSearch] = useState('')
  const [toDelete, setToDelete] = useState<ListedTransfer | null>(null)
  const [deleteFailed, setDeleteFailed] = useState(false)
  const unfreeze = useUnfreezeTransfer()
  const [toUnfreeze, setToUnfreeze] = useState<ListedTransfer | null>(null)
  const [unfreezeFailed, setUnfreezeFailed] = useState(false)
  // Refresh pressed while offline: the list is the one loaded before, and says so (walk 9.4). The
  // query waits for the connection and refreshes by itself once it is back.
  const { online } = useNetwork()
  const [refreshedOffline, setRefreshedOffline] = useState(false)
  useEffect(() => {
    if (online) setRefreshedOffline(false)
  }, [online])
  const refresh = () => {
    setRefreshedOffline(!online)
    void list.refetch()
  }

  const rows = useMemo(() => sortTransfers(filterTransfers(list.items ?? [], search), sort), [list.items, search, sort])

  const confirmDelete = () => {
    if (!toDelete) return
    setDeleteFailed(false)
    const name = toDelete.title || toDelete.file_name
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null)
        notifications.show({
          color: 'green',
          message: t('list.deleted', { name }),
          autoClose: 4000,
          closeButtonProps: { 'aria-label': t('list.closeNotice') },
        })
      },
      onError: () => {
        setToDelete(null)
        setDeleteFailed(true)
      },
    })
  }

  const confirmUnfreeze = () => {
    if (!toUnfreeze) return
    setUnfreezeFailed(false)
    unfreeze.mutate(toUnfreeze.id, {
      onSuccess: () => {
        setToUnfreeze(null)
        notifications.show({
          color: 'green',
          message: t('scan.unfrozen'),
          autoClose: 4000,
          closeButtonProps: { 'aria-label': t('list.closeNotice') },
        })
      },
      onError: () => {
        setToUnfreeze(null)
        setUnfreezeFailed(true)
      },
    })
  }

  let body: ReactNode
  if (list.isPending) {
    body = (
      <Center py="xl" aria-busy="true">
        <Loader type="dots" />
      </Center>
    )
  } else if (list.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="transfers-error">
        <Stack gap="sm">
          <Text size="sm">{messageText(transferListFailure(list.error))}</Text>
          <Group gap="xs">
            <Button component={Link} to={loginTo} size="xs" variant="default">
              {t('list.goToLogin')}
            </Button>
            <Button size="xs" onClick={() => void list.refetch()} leftSection={<IconRefresh size={14} />}>
              {t('list.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    )
  } else if (rows.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl" data-testid="transfers-empty">
        {t('list.empty')}
      </Text>
    )
  } else {
    body = (
      <TransferTable
        rows={rows}
        sort={sort}
        onSort={(key) => setSort((current) => toggleSort(current, key))}
        showOwner={isAdmin}
        detailPath={detailPath}
        rowAction={rowAction}
        onDelete={setToDelete}
        onUnfreeze={isAdmin ? setToUnfreeze : undefined}
      />
    )
  }
  const loaded = list.items?.length ?? 0
  if (!list.isPending && !list.isError && loaded > 0) {
    body = (
      <>
        {body}
        <LoadMore
          shown={loaded}
          total={list.total}
          hasMore={list.hasMore}
          loading={list.isFetchingNextPage}
          onLoadMore={list.loadMore}
          data-testid="transfers-load-more"
        />
      </>
    )
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {newTransferTo && (
          <Button component={Link} to={newTransferTo} leftSection={<IconPlus size={16} />}>
            {t('list.newTransfer')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" wrap={isAdmin ? 'wrap' : 'nowrap'}>
            {isAdmin && (
              <TextInput
                placeholder={t('list.ownerFilterPlaceholder')}
                aria-label={t('list.ownerFilter')}
                leftSection={<IconUser size={16} />}
                value={owner}
                onChange={(event) => setOwner(event.currentTarget.value)}
                style={{ flex: 1 }}
                data-testid="transfers-owner-filter"
              />
            )}
            <TextInput
              placeholder={t('list.search')}
              aria-label={t('list.search')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="transfers-search"
            />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={list.isFetching && !list.isPending}
              onClick={refresh}
            >
              {t('list.refresh')}
            </Button>
          </Group>
          {refreshedOffline && !online && (
            <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} />} data-testid="refresh-offline">
              {t('list.refreshOffline')}
            </Alert>
          )}
          {deleteFailed && (
            <ErrorAlert onClose={() => setDeleteFailed(false)} data-testid="delete-error">
              {t('list.deleteFailed')}
            </ErrorAlert>
          )}
          {unfreezeFailed && (
            <ErrorAlert onClose={() => setUnfreezeFailed(false)} data-testid="unfreeze-error">
              {t('scan.unfreezeFailed')}
            </ErrorAlert>
          )}
          {body}
        </Stack>
      </Paper>
      <Modal opened={toUnfreeze !== null} onClose={() => setToUnfreeze(null)} title={t('scan.unfreezeTitle')} centered>
        <Stack gap="md">
          {toUnfreeze && (
            <Text size="sm" fw={600} truncate>
              {toUnfreeze.title || toUnfreeze.file_name}
            </Text>
          )}
          <Text size="sm" data-testid="unfreeze-consequences">
            {t('scan.unfreezeConfirm', { signature: toUnfreeze ? infectedSignatures(toUnfreeze) : '' })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToUnfreeze(null)}>
              {t('scan.unfreezeCancel')}
            </Button>
            <Button
              color="orange"
              loading={unfreeze.isPending}
              onClick={confirmUnfreeze}
              data-testid="confirm-unfreeze"
            >
              {t('scan.unfreeze')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t('list.deleteTitle')} centered>
        <Stack gap="md">
          <Text>{t('list.confirmDelete')}</Text>
          {toDelete && (
            <Text size="sm" fw={600} truncate>
              {toDelete.title || toDelete.file_name}
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="delete-consequences">
            {t('list.deleteConsequences')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('list.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmDelete} data-testid="confirm-delete">
              {t('list.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
