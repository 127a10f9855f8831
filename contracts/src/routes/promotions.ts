import {
  adminPromotionListResponse,
  adminPromotionSchema,
  promotionCreateRequest,
  promotionIdParams,
  promotionSlotQuery,
  promotionSlotResponse,
  promotionUpdateRequest,
} from '../api/promotions.js'
import { defineRoutes } from './route.js'

/** First-party promotions (issue 22 item 5): the admin's campaigns, the slot, its image and the counted click. */
export const promotionsApi = defineRoutes('promotions', {
  list: {
    method: 'GET',
    path: '/api/admin/promotions',
    access: 'admin',
    summary: 'Every campaign, newest first, with its impressions and clicks per day',
    responses: { 200: adminPromotionListResponse },
  },
  create: {
    method: 'POST',
    path: '/api/admin/promotions',
    access: 'admin',
    description:
      'The image (base64, at most 5 MB: JPEG, PNG, WebP, GIF or AVIF) is re-encoded to WebP without its metadata; 422 `promotion_image_invalid` when it is not an image.',
    body: promotionCreateRequest,
    responses: { 201: adminPromotionSchema },
  },
  update: {
    method: 'PUT',
    path: '/api/admin/promotions/:id',
    access: 'admin',
    params: promotionIdParams,
    body: promotionUpdateRequest,
    responses: { 200: adminPromotionSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/admin/promotions/:id',
    access: 'admin',
    params: promotionIdParams,
    responses: { 204: null },
  },
  slot: {
    method: 'GET',
    path: '/api/promotions/slot',
    access: 'public',
    summary: 'The promotion to show, or 204 when the plan in question has no ads',
    description:
      "The caller's plan decides (a visitor has Guest's); with `share`, the plan of that transfer's sender does. 204 for a plan without `ads_enabled`, and for a share that does not exist. Serving a campaign counts one impression.",
    query: promotionSlotQuery,
    responses: { 200: promotionSlotResponse, 204: null },
  },
  image: {
    method: 'GET',
    path: '/api/promotions/:id/image',
    access: 'public',
    summary: "A campaign's image (WebP)",
    params: promotionIdParams,
    responses: { 200: null },
  },
  click: {
    method: 'GET',
    path: '/api/promotions/:id/click',
    access: 'public',
    summary: "Counts a click and redirects to the campaign's stored link",
    params: promotionIdParams,
    responses: { 302: null },
  },
})
