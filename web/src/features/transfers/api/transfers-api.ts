import type { Page } from '@ferry/contracts/api/pagination'
import type { SystemConfig } from '@ferry/contracts/api/system'
import type {
  AdminTransfer,
  DownloadUrlResponse,
  ShareResponse,
  Transfer,
  TransferCreateRequest,
  TransferCreateResponse,
  TransferUpdateRequest,
} from '@ferry/contracts/api/transfers'
import { systemApi } from '@ferry/contracts/routes/system'
import { transfersApi as routes, shareApi } from '@ferry/contracts/routes/transfers'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** Whose transfers a list shows: the user's own, or everyone's (the admin view). */
export type TransferListScope = 'own' | 'admin'

/** A row of a transfer list: the admin view's rows also say whose transfer it is. */
export type ListedTransfer = Transfer & Partial<Pick<AdminTransfer, 'owner_email' | 'owner_name'>>

/** The stored-transfer calls of spec/transfers.md §7. */
export interface TransfersApi {
  create(payload: TransferCreateRequest): Promise<TransferCreateResponse>
  /**
   * One page of the list, after `cursor` (null for the first); the admin view may keep only the
   * transfers of owners whose email contains `owner` (the server filters, across every page).
   */
  list(
    scope: TransferListScope,
    cursor: string | null,
    signal?: AbortSignal,
    owner?: string,
  ): Promise<Page<ListedTransfer>>
  get(id: string, signal?: AbortSignal): Promise<Transfer>
  /** PATCH /api/transfers/{id}: the owner's change (password: a string sets or changes it, null removes it). */
  update(id: string, changes: TransferUpdateRequest): Promise<Transfer>
  /** POST /api/transfers/{id}/files: uploads (their keys) attached to the owner's transfer. */
  addFiles(id: string, files: readonly { file_key: string; file_name: string; file_size: number }[]): Promise<Transfer>
  /** DELETE /api/transfers/{id}/files/{fileId}: one file less (never the last). */
  removeFile(id: string, fileId: string): Promise<Transfer>
  remove(scope: TransferListScope, id: string): Promise<void>
  /** POST /api/admin/transfers/{id}/unfreeze: the admin releases a transfer frozen by the virus scan. */
  unfreeze(id: string): Promise<Transfer>
  /** GET /api/transfers/{id}/download-url: one link (a file, or all of them zipped by the server). */
  downloadUrl(id: string, query?: { file_key?: string }): Promise<DownloadUrlResponse>
  share(uniqueId: string, t: string | null, signal?: AbortSignal): Promise<ShareResponse>
  /** POST /api/share/{uniqueId}/unlock: the password, in the body; the grant comes back as a cookie. */
  unlock(uniqueId: string, password: string): Promise<void>
  /** POST /api/share/{uniqueId}/verification: a code to the address (202 whether or not it is a recipient's). */
  requestVerification(uniqueId: string, email: string): Promise<void>
  /** POST /api/share/{uniqueId}/verification/confirm: the code for a grant (a cookie). */
  confirmVerification(uniqueId: string, email: string, code: string): Promise<void>
  systemConfig(signal?: AbortSignal): Promise<SystemConfig>
}

export function createTransfersApi(client: ApiClient = apiClient): TransfersApi {
  return {
    create: (payload) => client.call(routes.create, { body: payload }),
    list: (scope, cursor, signal, owner) =>
      scope === 'admin'
        ? client.call(
            routes.adminList,
            { query: { cursor: cursor ?? undefined, owner: owner || undefined } },
            { signal },
          )
        : client.call(routes.list, { query: { cursor: cursor ?? undefined } }, { signal }),
    get: (id, signal) => client.call(routes.get, { params: { id } }, { signal }),
    update: (id, changes) => client.call(routes.update, { params: { id }, body: changes }),
    addFiles: (id, files) => client.call(routes.addFiles, { params: { id }, body: { files: [...files] } }),
    removeFile: (id, fileId) => client.call(routes.removeFile, { params: { id, fileId } }),
    remove: async (scope, id) => {
      await client.call(scope === 'admin' ? routes.adminDelete : routes.delete, { params: { id } })
    },
    unfreeze: (id) => client.call(routes.adminUnfreeze, { params: { id } }),
    downloadUrl: (id, query) => client.call(routes.downloadUrl, { params: { id }, query }),
    share: (uniqueId, t, signal) =>
      client.call(shareApi.get, { params: { uniqueId }, query: { t: t ?? undefined } }, { signal }),
    unlock: async (uniqueId, password) => {
      await client.call(shareApi.unlock, { params: { uniqueId }, body: { password } })
    },
    requestVerification: async (uniqueId, email) => {
      await client.call(shareApi.requestVerification, { params: { uniqueId }, body: { email } })
    },
    confirmVerification: async (uniqueId, email, code) => {
      await client.call(shareApi.confirmVerification, { params: { uniqueId }, body: { email, code } })
    },
    systemConfig: (signal) => client.call(systemApi.config, {}, { signal }),
  }
}

export const transfersApi = createTransfersApi()
