import {
  apiAliases,
  type ReceivedGroupList,
  type RequestCreateRequest,
  type RequestCreateResponse,
  type RequestInfo,
  type RequestList,
  type RequestListItem,
  type RequestUpdateRequest,
  type RequestUploadRequest,
  type RequestUploadResponse,
  receivedGroupsResponse,
  requestCreateResponse,
  requestInfoResponse,
  requestLinksPaths,
  requestListResponse,
  requestUploadResponse,
} from '@ferry/contracts/api/request-links'
import { requestLinksApi as requestLinkRoutes } from '@ferry/contracts/routes/request-links'
import { type ApiClient, apiClient, createApiClient } from '../../../lib/api-client.js'

const withParam = (path: string, name: string, value: string) => path.replace(`:${name}`, encodeURIComponent(value))

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
    create: (payload) => client.post(apiAliases.create, payload, { schema: requestCreateResponse }),
    list: (cursor, signal) => client.get(apiAliases.list, { query: { cursor }, schema: requestListResponse, signal }),
    received: (cursor, signal) =>
      client.get(apiAliases.received, { query: { cursor }, schema: receivedGroupsResponse, signal }),
    info: (requestId, signal) =>
      publicClient.get(withParam(requestLinksPaths.info, 'requestId', requestId), {
        schema: requestInfoResponse,
        signal,
      }),
    upload: (requestId, payload) =>
      publicClient.post(withParam(requestLinksPaths.upload, 'requestId', requestId), payload, {
        schema: requestUploadResponse,
      }),
    update: (requestId, payload) => client.call(requestLinkRoutes.update, { params: { requestId }, body: payload }),
    remove: async (requestId) => {
      await client.call(requestLinkRoutes.remove, { params: { requestId } })
    },
  }
}

export const requestLinksApi = createRequestLinksApi()

/** The requester's download of one received file: a plain link the browser's download manager follows. */
export const receivedFileHref = (fileId: string) => withParam(requestLinksPaths.fileDownload, 'fileId', fileId)

/** The requester's download of a whole received group as a ZIP. */
export const receivedGroupHref = (groupId: string) => withParam(requestLinksPaths.groupDownload, 'groupId', groupId)
