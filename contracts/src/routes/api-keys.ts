import {
  apiKeyCreateRequest,
  apiKeyCreateResponse,
  apiKeyIdParams,
  apiKeyListResponse,
  putUploadParams,
  putUploadQuery,
} from '../api/api-keys.js'
import { defineRoutes } from './route.js'

/**
 * API keys (issue 20 item 2): made, listed and revoked by the signed-in user. These routes take no
 * scope, so a key cannot make, list or revoke keys.
 */
export const apiKeysApi = defineRoutes('api-keys', {
  create: {
    method: 'POST',
    path: '/api/keys',
    access: 'user',
    summary: 'Makes an API key with a name and scopes; the key is in this answer only',
    description:
      'Scopes: `transfers:read`, `transfers:write`, `requests:read`, `requests:write`. The key (`ferry_…`) is ' +
      'shown only here; Ferry keeps an HMAC of it. Use it as `Authorization: Bearer <key>` on the routes its ' +
      'scopes allow (403 `scope_missing` otherwise; 403 `api_key_not_allowed` on account, billing and admin routes).',
    body: apiKeyCreateRequest,
    responses: { 201: apiKeyCreateResponse },
  },
  list: {
    method: 'GET',
    path: '/api/keys',
    access: 'user',
    summary: "The signed-in user's API keys: name, prefix, scopes, created, last use (time and address)",
    responses: { 200: apiKeyListResponse },
  },
  revoke: {
    method: 'DELETE',
    path: '/api/keys/:id',
    access: 'user',
    summary: 'Revokes an API key: every instance refuses it (401) from this moment',
    params: apiKeyIdParams,
    responses: { 204: null },
  },
})

/** `curl -T file https://host/api/put/file -H "Authorization: Bearer <key>"` (issue 20 item 3). */
export const putUploadApi = defineRoutes('put-upload', {
  put: {
    method: 'PUT',
    path: '/api/put/:filename',
    access: 'user',
    scope: 'transfers:write',
    summary: 'Streams the request body into a new transfer and answers its share URL as plain text',
    description:
      'For scripts: `curl -T file.iso https://host/api/put/file.iso -H "Authorization: Bearer <key>"`. The body ' +
      "is the file's bytes (any content type), with Content-Length or chunked. Query: `to` (recipients, repeated " +
      'or comma-separated), `expires_in_hours`, `title`, `message`. The plan limits apply before bytes are ' +
      'stored: a Content-Length over them answers 413 at once; a chunked body is cut at the limit (413) and ' +
      'nothing is kept. 201 with the share URL and a newline, `text/plain`.',
    params: putUploadParams,
    query: putUploadQuery,
    responses: { 201: null },
  },
})
