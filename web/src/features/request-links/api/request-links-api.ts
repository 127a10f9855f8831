import type {
  ReceivedGroupList,
  RequestCreateRequest,
  RequestCreateResponse,
  RequestInfo,
  RequestList,
  RequestListItem,
  RequestUpdateRequest,
  RequestUploadRequest,
  RequestUploadResponse,
} from '@ferry/contracts/api/request-links'
import { requestLinksApi as routes } from '@ferry/contracts/routes/request-links'
import { routeUrl } from '@ferry/contracts/routes/route'
import { type ApiClient, apiClient, createApiClient } from '../../../lib/api-client.js'

/** The upload-request calls of spec/transfers.md §7. */
export interface RequestLinksApi {
  create(payload: RequestCreateRequest): Promise<RequestCreateResponse>
  /** One page of My Requests, after `cursor` (null for the first). */
  list(cursor: string | null, signal?: AbortSignal): Promise<RequestList>
  /** One page of Received Files, after `cursor` (null for the first). */
  received(cursor: string | null, signal?: AbortSignal): Promise<ReceivedGroupList>
  /** The public page's load; no session goes along. */
  info(requestId: string, signal?: AbortSignal): Promise<RequestInfo>
  upload(requestId: string, payload: RequestUploadRequest): Promise<RequestUploadResponse>
  /** The owner's edit: fields, and `active` to close or open the link again. */
  update(requestId: string, payload: RequestUpdateRequest): Promise<RequestListItem>
  /** The owner deletes the link and what it received. */
  remove(requestId: string): Promise<void>
}

/**
 * `client` serves the requester's calls (the session cookie); `publicClient` the upload page's, which
 * sends no token (spec/transfers.md §7) and whose 401 must not log out whoever happens to be signed in.
 */
export function createRequestLinksApi(
  client: ApiClient = apiClient,
  publicClient: ApiClient = createApiClient({ withSession: false, handleUnauthorized: false }),
): RequestLinksApi {
  return {
    create: (payload) => client.call(routes.create, { body: payload }),
    list: (cursor, signal) => client.call(routes.list, { query: { cursor: cursor ?? undefined } }, { signal }),
    received: (cursor, signal) => client.call(routes.received, { query: { cursor: cursor ?? undefined } }, { signal }),
    info: (requestId, signal) => publicClient.call(routes.info, { params: { requestId } }, { signal }),
    upload: (requestId, payload) => publicClient.call(routes.upload, { params: { requestId }, body: payload }),
    update: (requestId, payload) => client.call(routes.update, { params: { requestId }, body: payload }),
    remove: async (requestId) => {
      await client.call(routes.remove, { params: { requestId } })
    },
  }
}

export const requestLinksApi = createRequestLinksApi()

/** The requester's download of one received file: a plain link the browser's download manager follows. */
export const receivedFileHref = (fileId: string) => routeUrl(routes.fileDownload, { params: { fileId } })

/** The requester's download of a whole received group as a ZIP. */
export const receivedGroupHref = (groupId: string) => routeUrl(routes.groupDownload, { params: { groupId } })
