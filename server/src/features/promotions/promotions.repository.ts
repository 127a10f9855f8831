import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { promotionCampaigns, promotionDailyStats } from '../../db/schema/index.js'

export type CampaignRow = typeof promotionCampaigns.$inferSelect
export type CampaignValues = Omit<typeof promotionCampaigns.$inferInsert, 'id' | 'createdAt'>
export type DailyStatRow = typeof promotionDailyStats.$inferSelect

/** Queries on campaigns and their daily counts; no rules. */
export function createPromotionsRepository(db: DbExecutor) {
  return {
    listAll(): Promise<CampaignRow[]> {
      return db
        .select()
        .from(promotionCampaigns)
        .orderBy(desc(promotionCampaigns.createdAt), desc(promotionCampaigns.id))
    },

    async find(id: string): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(promotionCampaigns).where(eq(promotionCampaigns.id, id))
      return row
    },

    async insert(values: CampaignValues): Promise<CampaignRow> {
      const [row] = await db.insert(promotionCampaigns).values(values).returning()
      if (!row) throw new Error('Inserting a campaign returned no row')
      return row
    },

    async update(id: string, values: Partial<CampaignValues>): Promise<CampaignRow | undefined> {
      const [row] = await db.update(promotionCampaigns).set(values).where(eq(promotionCampaigns.id, id)).returning()
      return row
    },

    async delete(id: string): Promise<CampaignRow | undefined> {
      const [row] = await db.delete(promotionCampaigns).where(eq(promotionCampaigns.id, id)).returning()
      return row
    },

    /**
     * The campaigns that may show now in `language`, each with its impressions of `day`, fewest
     * first (then oldest first): the head of the list is the next one to show.
     */
    showable(now: Date, language: string, day: string) {
      return db
        .select({
          campaign: promotionCampaigns,
          impressions: sql<number>`coalesce(${promotionDailyStats.impressions}, 0)`.mapWith(Number),
        })
        .from(promotionCampaigns)
        .leftJoin(
          promotionDailyStats,
          and(eq(promotionDailyStats.campaignId, promotionCampaigns.id), eq(promotionDailyStats.day, day)),
        )
        .where(
          and(
            eq(promotionCampaigns.active, true),
            lte(promotionCampaigns.startsAt, now),
            gt(promotionCampaigns.endsAt, now),
            inArray(promotionCampaigns.language, [language, 'any']),
          ),
        )
        .orderBy(
          asc(sql`coalesce(${promotionDailyStats.impressions}, 0)`),
          asc(promotionCampaigns.createdAt),
          asc(promotionCampaigns.id),
        )
    },

    /** Adds one impression or click to the campaign's count of `day` (a row made on its first). */
    async increment(campaignId: string, day: string, counter: 'impressions' | 'clicks'): Promise<void> {
      const column = promotionDailyStats[counter]
      await db
        .insert(promotionDailyStats)
        .values({ campaignId, day, [counter]: 1 })
        .onConflictDoUpdate({
          target: [promotionDailyStats.campaignId, promotionDailyStats.day],
          set: { [counter]: sql`${column} + 1` },
        })
    },

    /** The daily counts of these campaigns from `fromDay` on, oldest first. */
    statsSince(campaignIds: readonly string[], fromDay: string): Promise<DailyStatRow[]> {
      if (campaignIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(promotionDailyStats)
        .where(and(inArray(promotionDailyStats.campaignId, [...campaignIds]), gte(promotionDailyStats.day, fromDay)))
        .orderBy(asc(promotionDailyStats.day))
    },

    /** Every count of these campaigns, summed. */
    async totals(campaignIds: readonly string[]) {
      if (campaignIds.length === 0) return []
      return db
        .select({
          campaignId: promotionDailyStats.campaignId,
          impressions: sql<number>`sum(${promotionDailyStats.impressions})`.mapWith(Number),
          clicks: sql<number>`sum(${promotionDailyStats.clicks})`.mapWith(Number),
        })
        .from(promotionDailyStats)
        .where(inArray(promotionDailyStats.campaignId, [...campaignIds]))
        .groupBy(promotionDailyStats.campaignId)
    },
  }
}
