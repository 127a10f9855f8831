import {
  webhookCreateRequest,
  webhookCreateResponse,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookEndpointSchema,
  webhookIdParams,
  webhookListResponse,
  webhookResendResponse,
  webhookRotateResponse,
  webhookUpdateRequest,
} from '../api/webhooks.js'
import { defineRoutes } from './route.js'

/**
 * Signed webhooks (issue 20 item 5): the signed-in user's endpoints, their secrets and their
 * delivery log. An API key reaches them with the `webhooks:*` scopes.
 */
export const webhooksApi = defineRoutes('webhooks', {
  list: {
    method: 'GET',
    path: '/api/webhooks',
    access: 'user',
    scope: 'webhooks:read',
    summary: "The signed-in user's webhook endpoints (never their secrets)",
    responses: { 200: webhookListResponse },
  },
  create: {
    method: 'POST',
    path: '/api/webhooks',
    access: 'user',
    scope: 'webhooks:write',
    summary: 'Adds an endpoint; its signing secret (`whsec_…`) is in this answer only',
    description:
      'Events: `transfer.created`, `transfer.downloaded`, `transfer.expired`, `transfer.deleted`, ' +
      '`request.uploaded`, `comment.created`. Each delivery is a POST of `{type, timestamp, data}` signed with the Standard ' +
      'Webhooks scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`); ' +
      'a failed delivery is retried with exponential back-off for 24 hours, under the same `webhook-id`. ' +
      'An address that leads to this machine or a private network answers 400 `webhook_url_not_allowed`.',
    body: webhookCreateRequest,
    responses: { 201: webhookCreateResponse },
  },
  update: {
    method: 'PATCH',
    path: '/api/webhooks/:id',
    access: 'user',
    scope: 'webhooks:write',
    summary: "Changes an endpoint's address, description, events or whether it is enabled",
    params: webhookIdParams,
    body: webhookUpdateRequest,
    responses: { 200: webhookEndpointSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/webhooks/:id',
    access: 'user',
    scope: 'webhooks:write',
    summary: 'Deletes an endpoint with its delivery log; deliveries waiting for it are dropped',
    params: webhookIdParams,
    responses: { 204: null },
  },
  rotateSecret: {
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    access: 'user',
    scope: 'webhooks:write',
    summary: 'Makes a new signing secret, shown only here; the old one signs beside it for 24 hours',
    description:
      'During the grace period every delivery carries two signatures, space-separated in `webhook-signature`: ' +
      'one with the new secret and one with the old, so a receiver can switch without losing a delivery.',
    params: webhookIdParams,
    responses: { 200: webhookRotateResponse },
  },
  deliveries: {
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    access: 'user',
    scope: 'webhooks:read',
    summary: "The endpoint's delivery log: the latest tries, newest first (time, event, status, duration, try)",
    params: webhookIdParams,
    responses: { 200: webhookDeliveriesResponse },
  },
  resend: {
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/resend',
    access: 'user',
    scope: 'webhooks:write',
    summary: 'Sends a delivery again, with the same webhook-id (and retries it for 24 hours if it fails)',
    description: 'A delivery already waiting for its next try answers 409 `webhook_delivery_queued`.',
    params: webhookDeliveryParams,
    responses: { 202: webhookResendResponse },
  },
})
