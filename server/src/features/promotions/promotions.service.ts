import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type {
  AdminPromotion,
  PromotionCreateRequest,
  PromotionSlot,
  PromotionUpdateRequest,
} from '@ferry/contracts/api/promotions'
import { promotionStatsDays } from '@ferry/contracts/api/promotions'
import type { Deps } from '../../deps.js'
import { notFound } from '../../errors.js'
import type { PlansService } from '../plans/plans.service.js'
import { houseOffer, type SlotLanguage } from './house-offer.js'
import { promotionCounting, utcDay } from './promotion-counting.js'
import { toPromotionImage } from './promotion-image.js'
import { type CampaignRow, createPromotionsRepository, type DailyStatRow } from './promotions.repository.js'

const imagePath = (row: CampaignRow) =>
  // The key changes with each new image, so a cached old image is never shown for a new one.
  `/api/promotions/${row.id}/image?v=${encodeURIComponent(row.imageKey.split('/').at(-1) ?? '')}`

type PromotionsDeps = Pick<Deps, 'clock' | 'database' | 'blobs' | 'rateLimiter' | 'logger'>

/**
 * First-party promotions (issue 22 item 5): campaigns, the slot a page shows, and the counts per
 * campaign per day. Which plan decides is the caller's, or on a share page its sender's
 * (DECISIONS §12); a plan without `ads_enabled` gets nothing.
 */
export function createPromotionsService(
  deps: PromotionsDeps,
  others: {
    plans: Pick<PlansService, 'planForUser'>
    /** The sender of a share page's transfer (transfers.shareSender). */
    shareSender: (uniqueId: string) => Promise<{ userId: string | null } | undefined>
  },
) {
  const repo = createPromotionsRepository(deps.database.db)
  const counting = promotionCounting(deps)

  async function storeImage(base64: string): Promise<{ key: string; width: number; height: number }> {
    const image = await toPromotionImage(Buffer.from(base64, 'base64'))
    const key = `promotions/${randomUUID()}.webp`
    await deps.blobs.write(key, Readable.from([image.bytes]), {
      maxBytes: image.bytes.byteLength,
      contentType: 'image/webp',
    })
    return { key, width: image.width, height: image.height }
  }

  /** Deletes a blob nobody points to any more; a failure only leaves an unreachable file behind. */
  async function dropImage(key: string) {
    await deps.blobs.delete(key).catch((err) => deps.logger.warn({ err, key }, 'Could not delete a campaign image'))
  }

  function toAdmin(row: CampaignRow, stats: DailyStatRow[], totals: { impressions: number; clicks: number }) {
    return {
      id: row.id,
      link_url: row.linkUrl,
      alt: row.alt,
      language: row.language as AdminPromotion['language'],
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      active: row.active,
      image_url: imagePath(row),
      image_width: row.imageWidth,
      image_height: row.imageHeight,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      days: stats
        .filter((s) => s.campaignId === row.id)
        .map((s) => ({ day: s.day, impressions: s.impressions, clicks: s.clicks })),
      total_impressions: totals.impressions,
      total_clicks: totals.clicks,
    } satisfies AdminPromotion
  }

  async function adminView(rows: CampaignRow[]): Promise<AdminPromotion[]> {
    const ids = rows.map((r) => r.id)
    const from = new Date(deps.clock.now().getTime() - (promotionStatsDays - 1) * 86_400_000)
    const [stats, totals] = await Promise.all([repo.statsSince(ids, utcDay(from)), repo.totals(ids)])
    return rows.map((row) =>
      toAdmin(row, stats, totals.find((t) => t.campaignId === row.id) ?? { impressions: 0, clicks: 0 }),
    )
  }

  const fields = (input: PromotionUpdateRequest) => ({
    linkUrl: input.link_url.trim(),
    alt: input.alt.trim(),
    language: input.language,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    active: input.active,
  })

  /** The plan that decides: a share's sender's, or the caller's; undefined for a share that does not exist. */
  async function deciding(userId: string | null, shareId: string | undefined) {
    if (shareId === undefined) return others.plans.planForUser(userId)
    const sender = await others.shareSender(shareId)
    return sender && others.plans.planForUser(sender.userId)
  }

  return {
    async list(): Promise<AdminPromotion[]> {
      return adminView(await repo.listAll())
    },

    async create(input: PromotionCreateRequest): Promise<AdminPromotion> {
      const image = await storeImage(input.image)
      try {
        const row = await repo.insert({
          ...fields(input),
          imageKey: image.key,
          imageWidth: image.width,
          imageHeight: image.height,
        })
        return (await adminView([row]))[0]!
      } catch (error) {
        await dropImage(image.key)
        throw error
      }
    },

    async update(id: string, input: PromotionUpdateRequest): Promise<AdminPromotion> {
      const before = await repo.find(id)
      if (!before) throw notFound('This campaign does not exist.')
      const image = input.image ? await storeImage(input.image) : undefined
      const row = await repo
        .update(id, {
          ...fields(input),
          ...(image ? { imageKey: image.key, imageWidth: image.width, imageHeight: image.height } : {}),
          updatedAt: deps.clock.now(),
        })
        .catch(async (error) => {
          if (image) await dropImage(image.key)
          throw error
        })
      if (!row) {
        if (image) await dropImage(image.key)
        throw notFound('This campaign does not exist.')
      }
      if (image) await dropImage(before.imageKey)
      return (await adminView([row]))[0]!
    },

    /** Deletes the campaign, its counts (cascade) and its image. */
    async remove(id: string): Promise<void> {
      const row = await repo.delete(id)
      if (!row) throw notFound('This campaign does not exist.')
      await dropImage(row.imageKey)
    },

    /**
     * The promotion to show, or null when the deciding plan has no ads or the share does not
     * exist. Campaigns live now in the language rotate by fewest impressions today (oldest first
     * on a tie), which spreads them evenly across every instance without shared state; serving one
     * counts an impression. Without a campaign, Ferry's own upgrade offer (not counted).
     */
    async slot(input: {
      userId: string | null
      shareId?: string
      lang: SlotLanguage
      clientIp: string
    }): Promise<PromotionSlot | null> {
      const plan = await deciding(input.userId, input.shareId)
      if (!plan?.ads_enabled) return null
      const now = deps.clock.now()
      const [next] = await repo.showable(now, input.lang, utcDay(now))
      if (!next) return houseOffer(input.lang)
      const row = next.campaign
      await counting.count(row.id, 'impressions', input.clientIp, now)
      return {
        ...houseOffer(input.lang),
        id: row.id,
        kind: 'campaign',
        image_url: imagePath(row),
        image_width: row.imageWidth,
        image_height: row.imageHeight,
        link_url: `/api/promotions/${row.id}/click`,
        alt: row.alt,
      }
    },

    /** A campaign's stored image (WebP), for any campaign that exists: admins preview inactive ones too. */
    async image(id: string): Promise<{ body: Readable; size: number }> {
      const row = await repo.find(id)
      const stat = row && (await deps.blobs.stat(row.imageKey))
      if (!row || !stat) throw notFound('This campaign does not exist.')
      return { body: await deps.blobs.read(row.imageKey), size: stat.size }
    },

    /**
     * Where a click on a campaign goes: its stored link, only (the redirect never takes a target
     * from the request). The click counts while the campaign exists, shown now or not.
     */
    async click(id: string, clientIp: string): Promise<string> {
      const row = await repo.find(id)
      if (!row) throw notFound('This campaign does not exist.')
      await counting.count(row.id, 'clicks', clientIp, deps.clock.now())
      return row.linkUrl
    },
  }
}

export type PromotionsService = ReturnType<typeof createPromotionsService>
