import { type SystemConfig, systemConfigResponse } from '@ferry/contracts/api/system'
import {
  type DownloadUrlResponse,
  downloadUrlResponse,
  type ShareResponse,
  shareResponse,
  type Transfer,
  type TransferCreateRequest,
  type TransferCreateResponse,
  type TransferList,
  transferCreateResponse,
  transferDeleteResponse,
  transferListResponse,
  transferSchema,
  transfersPaths,
} from '@ferry/contracts/api/transfers'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** Whose transfers a list shows: the user's own, or everyone's (the admin view). */
export type TransferListScope = 'own' | 'admin'

const withId = (path: string, id: string) => path.replace(/:id|:uniqueId/, encodeURIComponent(id))

/** The stored-transfer calls of spec/transfers.md §7. */
export interface TransfersApi {
  create(payload: TransferCreateRequest): Promise<TransferCreateResponse>
  /** One page of the list, after `cursor` (null for the first). */
  list(scope: TransferListScope, cursor: string | null, signal?: AbortSignal): Promise<TransferList>
  get(id: string, signal?: AbortSignal): Promise<Transfer>
  remove(scope: TransferListScope, id: string): Promise<void>
  /** GET /api/transfers/{id}/download-url: one link (a file, or all of them zipped by the server). */
  downloadUrl(id: string, query?: { file_key?: string }): Promise<DownloadUrlResponse>
  share(uniqueId: string, t: string | null, signal?: AbortSignal): Promise<ShareResponse>
  systemConfig(signal?: AbortSignal): Promise<SystemConfig>
}

export function createTransfersApi(client: ApiClient = apiClient): TransfersApi {
  return {
    create: (payload) => client.post(transfersPaths.create, payload, { schema: transferCreateResponse }),
    list: (scope, cursor, signal) =>
      client.get(scope === 'admin' ? transfersPaths.adminList : transfersPaths.list, {
        query: { cursor },
        schema: transferListResponse,
        signal,
      }),
    get: (id, signal) => client.get(withId(transfersPaths.get, id), { schema: transferSchema, signal }),
    remove: async (scope, id) => {
      await client.delete(withId(scope === 'admin' ? transfersPaths.adminDelete : transfersPaths.delete, id), {
        schema: transferDeleteResponse,
      })
    },
    downloadUrl: (id, query) =>
      client.get(withId(transfersPaths.downloadUrl, id), { query, schema: downloadUrlResponse }),
    share: (uniqueId, t, signal) =>
      client.get(withId(transfersPaths.share, uniqueId), { query: { t }, schema: shareResponse, signal }),
    systemConfig: (signal) => client.get('/api/system/config', { schema: systemConfigResponse, signal }),
  }
}

export const transfersApi = createTransfersApi()
