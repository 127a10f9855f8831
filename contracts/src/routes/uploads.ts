import {
  listPartsRequest,
  listPartsResponse,
  multipartAbortRequest,
  multipartAbortResponse,
  multipartCompleteRequest,
  multipartCompleteResponse,
  multipartCreateRequest,
  multipartCreateResponse,
  presignRequest,
  presignResponse,
  signPartRequest,
  signPartResponse,
  signPartsRequest,
  signPartsResponse,
} from '../api/uploads.js'
import { defineRoutes } from './route.js'

/**
 * The upload routes (spec/transfers.md §7): presign and multipart, plus list-parts to resume. All
 * public: a visitor may upload to a request link (with request_id); the service decides who may do
 * what. The bytes themselves go to the URLs these hand out (S3, or `PUT /blobs/*` on Ferry's own
 * disk, which its signature authorises and which is no API route).
 */
export const uploadsApi = defineRoutes('uploads', {
  presign: {
    method: 'POST',
    path: '/api/presign',
    access: 'public',
    scope: 'transfers:write',
    summary: 'A key and a URL to PUT the whole file to',
    body: presignRequest,
    responses: { 200: presignResponse },
  },
  multipartCreate: {
    method: 'POST',
    path: '/api/multipart/create',
    access: 'public',
    scope: 'transfers:write',
    body: multipartCreateRequest,
    responses: { 200: multipartCreateResponse },
  },
  multipartSignPart: {
    method: 'POST',
    path: '/api/multipart/sign-part',
    access: 'public',
    scope: 'transfers:write',
    summary: 'A URL to PUT one part to, for exactly its share of the file',
    body: signPartRequest,
    responses: { 200: signPartResponse },
  },
  multipartSignParts: {
    method: 'POST',
    path: '/api/multipart/sign-parts',
    access: 'public',
    scope: 'transfers:write',
    summary: 'URLs for several parts at once, each for exactly its share of the file',
    body: signPartsRequest,
    responses: { 200: signPartsResponse },
  },
  multipartListParts: {
    method: 'POST',
    path: '/api/multipart/list-parts',
    access: 'public',
    scope: 'transfers:write',
    summary: 'The parts stored so far, to resume an interrupted upload',
    body: listPartsRequest,
    responses: { 200: listPartsResponse },
  },
  multipartComplete: {
    method: 'POST',
    path: '/api/multipart/complete',
    access: 'public',
    scope: 'transfers:write',
    body: multipartCompleteRequest,
    responses: { 200: multipartCompleteResponse },
  },
  multipartAbort: {
    method: 'POST',
    path: '/api/multipart/abort',
    access: 'public',
    scope: 'transfers:write',
    summary: 'Drops the parts and the key; a completed upload cannot be aborted',
    body: multipartAbortRequest,
    responses: { 200: multipartAbortResponse },
  },
})
