import type {
  AdminPromotion,
  PromotionCreateRequest,
  PromotionSlot,
  PromotionSlotQuery,
  PromotionUpdateRequest,
} from '@ferry/contracts/api/promotions'
import { promotionsApi as routes } from '@ferry/contracts/routes/promotions'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** First-party promotions (issue 22 item 5): the slot, and the admin's campaigns. */
export function createPromotionsApi(client: ApiClient = apiClient) {
  return {
    /** The promotion to show, or null when the plan in question has no ads (204). */
    slot: async (query: PromotionSlotQuery, signal?: AbortSignal): Promise<PromotionSlot | null> =>
      (await client.call(routes.slot, { query }, { signal })) ?? null,
    list: async (signal?: AbortSignal): Promise<AdminPromotion[]> =>
      (await client.call(routes.list, {}, { signal })).items,
    create: (body: PromotionCreateRequest): Promise<AdminPromotion> => client.call(routes.create, { body }),
    update: (id: string, body: PromotionUpdateRequest): Promise<AdminPromotion> =>
      client.call(routes.update, { params: { id }, body }),
    remove: async (id: string): Promise<void> => {
      await client.call(routes.remove, { params: { id } })
    },
  }
}

export const promotionsApi = createPromotionsApi()
