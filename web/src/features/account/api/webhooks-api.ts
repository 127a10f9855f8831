import type {
  WebhookCreateRequest,
  WebhookCreateResponse,
  WebhookDeliveriesResponse,
  WebhookEndpoint,
  WebhookListResponse,
  WebhookRotateResponse,
  WebhookUpdateRequest,
} from '@ferry/contracts/api/webhooks'
import { webhooksApi as routes } from '@ferry/contracts/routes/webhooks'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** The signed-in user's webhook endpoints (issue 20 item 5), through the routes defined in contracts. */
export interface WebhooksApi {
  list(signal?: AbortSignal): Promise<WebhookListResponse>
  create(body: WebhookCreateRequest): Promise<WebhookCreateResponse>
  update(id: string, body: WebhookUpdateRequest): Promise<WebhookEndpoint>
  remove(id: string): Promise<void>
  rotateSecret(id: string): Promise<WebhookRotateResponse>
  deliveries(id: string, signal?: AbortSignal): Promise<WebhookDeliveriesResponse>
  resend(id: string, deliveryId: string): Promise<void>
}

export function createWebhooksApi(client: ApiClient = apiClient): WebhooksApi {
  return {
    list: (signal) => client.call(routes.list, {}, { signal }),
    create: (body) => client.call(routes.create, { body }),
    update: (id, body) => client.call(routes.update, { params: { id }, body }),
    remove: async (id) => {
      await client.call(routes.remove, { params: { id } })
    },
    rotateSecret: (id) => client.call(routes.rotateSecret, { params: { id } }),
    deliveries: (id, signal) => client.call(routes.deliveries, { params: { id } }, { signal }),
    resend: async (id, deliveryId) => {
      await client.call(routes.resend, { params: { id, deliveryId } })
    },
  }
}

export const webhooksApi = createWebhooksApi()
