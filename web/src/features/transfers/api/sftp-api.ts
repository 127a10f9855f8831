import type { TransferSftpResponse } from '@ferry/contracts/api/sftp'
import { sftpApi } from '@ferry/contracts/routes/sftp'
import { useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.js'

/**
 * GET /api/transfers/{id}/sftp: the transfer's read-only SFTP login, fetched only once the sender
 * asks to see it (it carries a password), and never kept once the panel is gone.
 */
export function useTransferSftp(id: string, enabled: boolean) {
  return useQuery<TransferSftpResponse>({
    queryKey: ['transfers', 'sftp', id],
    queryFn: ({ signal }) => apiClient.call(sftpApi.credentials, { params: { id } }, { signal }),
    enabled,
    gcTime: 0,
    retry: false,
  })
}
