import { promotionImageMaxBytes } from '@ferry/contracts/api/promotions'
import { promotionsApi } from '@ferry/contracts/routes/promotions'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { registerRoute } from '../../http/register-route.js'
import type { PromotionsService } from './promotions.service.js'

/** Room for a 5 MB image in base64 beside the other fields. */
const campaignBodyLimit = Math.ceil((promotionImageMaxBytes * 4) / 3) + 64 * 1024

/** First-party promotions (issue 22 item 5): the admin's campaigns, the slot, the image and the counted click. */
export const promotionsRoutes =
  (promotions: PromotionsService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, promotionsApi.list, async () => ({ items: await promotions.list() }))

    registerRoute(
      app,
      promotionsApi.create,
      async (request, reply) => reply.status(201).send(await promotions.create(request.body)),
      { bodyLimit: campaignBodyLimit },
    )

    registerRoute(app, promotionsApi.update, async (request) => promotions.update(request.params.id, request.body), {
      bodyLimit: campaignBodyLimit,
    })

    registerRoute(app, promotionsApi.remove, async (request, reply) => {
      await promotions.remove(request.params.id)
      return reply.status(204).send()
    })

    registerRoute(app, promotionsApi.slot, async (request, reply) => {
      // Counted per serving, and different per plan and per rotation: never from a cache.
      reply.header('Cache-Control', 'private, no-store')
      const slot = await promotions.slot({
        userId: request.user?.id ?? null,
        shareId: request.query.share,
        lang: request.query.lang,
        clientIp: request.ip,
      })
      if (!slot) return reply.status(204).send()
      return slot
    })

    registerRoute(app, promotionsApi.image, async (request, reply) => {
      const image = await promotions.image(request.params.id)
      return reply
        .header('Content-Type', 'image/webp')
        .header('Content-Length', image.size)
        .header('Cache-Control', 'public, max-age=3600')
        .send(image.body)
    })

    registerRoute(app, promotionsApi.click, async (request, reply) => {
      const target = await promotions.click(request.params.id, request.ip)
      // Each click is a request (no cached redirect), and the page it came from (a share link
      // holds its transfer's secret id) is not passed on to the advertiser.
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(target, 302)
    })
  }
