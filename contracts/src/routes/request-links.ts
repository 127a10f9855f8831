import { requestIdParams, requestListItemSchema, requestUpdateRequest } from '../api/request-links.js'
import { defineRoutes } from './route.js'

/** Upload-request links' routes (spec/transfers.md §7); the older ones still live in api/request-links.ts. */
export const requestLinksApi = defineRoutes('request-links', {
  update: {
    method: 'PATCH',
    path: '/api/file-requests/:requestId',
    access: 'user',
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
    summary: 'The owner deletes a link with everything received on it (rows and stored files)',
    params: requestIdParams,
    responses: { 204: null },
  },
})
