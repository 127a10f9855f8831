import { pageQuery } from '../api/pagination.js'
import {
  receivedFileIdParams,
  receivedGroupIdParams,
  receivedGroupsResponse,
  requestCompleteResponse,
  requestCreateRequest,
  requestCreateResponse,
  requestIdParams,
  requestInfoResponse,
  requestListItemSchema,
  requestListResponse,
  requestUpdateRequest,
  requestUploadRequest,
  requestUploadResponse,
} from '../api/request-links.js'
import { defineRoutes } from './route.js'

const create = {
  method: 'POST',
  access: 'user',
  scope: 'requests:write',
  // A visitor gets the spec's 'Please log in to create file request links', before the body is read.
  unauthorizedCode: 'request_login_required',
  body: requestCreateRequest,
  responses: { 201: requestCreateResponse },
} as const
const list = {
  method: 'GET',
  access: 'user',
  scope: 'requests:read',
  summary: "One page of the signed-in user's request links, newest first",
  query: pageQuery,
  responses: { 200: requestListResponse },
} as const
const received = {
  method: 'GET',
  access: 'user',
  scope: 'requests:read',
  summary: 'One page of the files received through request links, by upload, newest first',
  query: pageQuery,
  responses: { 200: receivedGroupsResponse },
} as const

/**
 * Upload-request links (spec/transfers.md §2, §3, §7). `:requestId` is the link's capability: whoever
 * holds /upload/{requestId} may upload to it. Create, list and received are at the spec's paths
 * (without /api) and at the same paths under /api, which the web calls.
 */
export const requestLinksApi = defineRoutes('request-links', {
  create: { ...create, path: '/api/file-request/create' },
  list: { ...list, path: '/api/file-requests' },
  received: { ...received, path: '/api/received-files' },
  createAtSpecPath: { ...create, path: '/file-request/create' },
  listAtSpecPath: { ...list, path: '/file-requests' },
  receivedAtSpecPath: { ...received, path: '/received-files' },
  update: {
    method: 'PATCH',
    path: '/api/file-requests/:requestId',
    access: 'user',
    scope: 'requests:write',
    summary:
      'The owner edits a link: name, message, expiry (days from now), guardrails, one upload only; `active` false closes it for everyone, true opens it again',
    params: requestIdParams,
    body: requestUpdateRequest,
    responses: { 200: requestListItemSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/file-requests/:requestId',
    access: 'user',
    scope: 'requests:write',
    summary: 'The owner deletes a link with everything received on it (rows and stored files)',
    params: requestIdParams,
    responses: { 204: null },
  },
  info: {
    method: 'GET',
    path: '/api/file-request/:requestId',
    access: 'public',
    summary: 'What the upload page shows; 410 with expires_at once the link has expired',
    params: requestIdParams,
    responses: { 200: requestInfoResponse },
  },
  upload: {
    method: 'POST',
    path: '/api/file-request/:requestId/upload',
    access: 'public',
    params: requestIdParams,
    body: requestUploadRequest,
    responses: { 201: requestUploadResponse },
  },
  complete: {
    method: 'POST',
    path: '/api/file-request/:requestId/complete',
    access: 'public',
    params: requestIdParams,
    responses: { 200: requestCompleteResponse },
  },
  /** The requester's download of one received file (streamed with Range, or a store redirect): a link. */
  fileDownload: {
    method: 'GET',
    path: '/api/received-files/:fileId/download',
    access: 'user',
    scope: 'requests:read',
    params: receivedFileIdParams,
    responses: { 200: null, 206: null, 302: null },
  },
  /** The requester's download of one received group as a ZIP: a link. */
  groupDownload: {
    method: 'GET',
    path: '/api/received-groups/:groupId/download',
    access: 'user',
    scope: 'requests:read',
    params: receivedGroupIdParams,
    responses: { 200: null },
  },
})
