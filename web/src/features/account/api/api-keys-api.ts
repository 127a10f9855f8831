import type { ApiKeyCreateRequest, ApiKeyCreateResponse, ApiKeyListResponse } from '@ferry/contracts/api/api-keys'
import { apiKeysApi as routes } from '@ferry/contracts/routes/api-keys'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** The signed-in user's API keys (issue 20 item 2), through the routes defined in contracts. */
export interface ApiKeysApi {
  list(signal?: AbortSignal): Promise<ApiKeyListResponse>
  create(body: ApiKeyCreateRequest): Promise<ApiKeyCreateResponse>
  revoke(id: string): Promise<void>
}

export function createApiKeysApi(client: ApiClient = apiClient): ApiKeysApi {
  return {
    list: (signal) => client.call(routes.list, {}, { signal }),
    create: (body) => client.call(routes.create, { body }),
    revoke: async (id) => {
      await client.call(routes.revoke, { params: { id } })
    },
  }
}

export const apiKeysApi = createApiKeysApi()
