import { defaultClientZipMaxSizeMb } from '@ferry/contracts/api/system'
import type { ShareResponse, TransferUpdateRequest } from '@ferry/contracts/api/transfers'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { usePagedList } from '../../../lib/paged-list.js'
import { type TransferListScope, transfersApi } from './transfers-api.js'

export const transferKeys = {
  all: ['transfers'] as const,
  list: (scope: TransferListScope, owner = '') => ['transfers', 'list', scope, owner] as const,
  detail: (id: string) => ['transfers', 'detail', id] as const,
  share: (uniqueId: string, t: string | null) => ['transfers', 'share', uniqueId, t] as const,
}

/** My Transfers, or every transfer for the admin view (only those of owners whose email contains `owner`). */
export function useTransferList(scope: TransferListScope, owner = '') {
  return usePagedList(transferKeys.list(scope, owner), (cursor, signal) =>
    transfersApi.list(scope, cursor, signal, owner),
  )
}

/** How often a page waiting for the virus scan asks again: a clean file takes a few seconds. */
export const scanPollMs = 3_000

export function useTransfer(id: string) {
  return useQuery({
    queryKey: transferKeys.detail(id),
    queryFn: ({ signal }) => transfersApi.get(id, signal),
    // The sender's page follows the virus scan until it is done.
    refetchInterval: (query) => (query.state.data?.scan_hold === 'scanning' ? scanPollMs : false),
  })
}

/**
 * How often the share record is read again: files being checked for viruses every 3 s, a data
 * room's files still being rendered every 3 s (their View opens once ready), the sender's view every 10 s (the tracking list follows downloads).
 */
export function shareRefreshMs(data: ShareResponse | undefined): number | false {
  if (!data) return false
  const { transfer } = data
  // Files being checked for viruses (docs/decisions/0039): the page opens once the scan is done.
  if (transfer.scan_hold === 'scanning') return scanPollMs
  if (transfer.clean_data_room && transfer.files.some((file) => file.data_room_status === 'pending')) return 3_000
  return data.tracking.is_sender ? 10_000 : false
}

/** The share page's record, refreshed as shareRefreshMs says. */
export function useShare(uniqueId: string, t: string | null) {
  return useQuery({
    queryKey: transferKeys.share(uniqueId, t),
    queryFn: ({ signal }) => transfersApi.share(uniqueId, t, signal),
    staleTime: 0,
    refetchInterval: (query) => shareRefreshMs(query.state.data as ShareResponse | undefined),
  })
}

/** client_zip_max_size_mb of GET /api/system/config, or 2048 when it cannot be loaded (spec/transfers.md §9). */
export function useClientZipMaxSizeMb(): number {
  const query = useQuery({
    queryKey: ['system', 'config'],
    queryFn: ({ signal }) => transfersApi.systemConfig(signal),
    staleTime: 10 * 60_000,
  })
  return query.data?.client_zip_max_size_mb ?? defaultClientZipMaxSizeMb
}

export function useCreateTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: transfersApi.create,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  })
}

/** The owner's change of a transfer (title, message, password); the detail and the lists follow. */
export function useUpdateTransfer(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: TransferUpdateRequest) => transfersApi.update(id, changes),
    onSuccess: (transfer) => {
      queryClient.setQueryData(transferKeys.detail(id), transfer)
      void queryClient.invalidateQueries({ queryKey: transferKeys.all })
    },
  })
}

/** Uploaded files attached to the owner's transfer; the detail shows the answer at once. */
export function useAddTransferFiles(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (files: readonly { file_key: string; file_name: string; file_size: number }[]) =>
      transfersApi.addFiles(id, files),
    onSuccess: (transfer) => {
      queryClient.setQueryData(transferKeys.detail(id), transfer)
      void queryClient.invalidateQueries({ queryKey: transferKeys.all })
    },
  })
}

/** One file removed from the owner's transfer (its bytes deleted). */
export function useRemoveTransferFile(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fileId: string) => transfersApi.removeFile(id, fileId),
    onSuccess: (transfer) => {
      queryClient.setQueryData(transferKeys.detail(id), transfer)
      void queryClient.invalidateQueries({ queryKey: transferKeys.all })
    },
  })
}

/** The recipient's password for a grant (a cookie); the share record is then read again. */
export function useUnlockShare(uniqueId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (password: string) => transfersApi.unlock(uniqueId, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers', 'share', uniqueId] }),
  })
}

/** A recipient asks for a code to their address (transfers open only to their recipients). */
export function useRequestShareVerification(uniqueId: string) {
  return useMutation({ mutationFn: (email: string) => transfersApi.requestVerification(uniqueId, email) })
}

/** The recipient's code for a grant (a cookie); the share record is then read again. */
export function useConfirmShareVerification(uniqueId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) =>
      transfersApi.confirmVerification(uniqueId, email, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['transfers', 'share', uniqueId] }),
  })
}

/** POST /api/admin/transfers/{id}/unfreeze: an admin releases a transfer the virus scan froze. */
export function useUnfreezeTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => transfersApi.unfreeze(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  })
}

export function useDeleteTransfer(scope: TransferListScope) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => transfersApi.remove(scope, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: transferKeys.all }),
  })
}
