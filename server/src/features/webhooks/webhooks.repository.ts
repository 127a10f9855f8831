import { and, arrayContains, asc, count, desc, eq, lt, ne, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js'

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect

/** Queries on webhook endpoints, their outbox and their delivery log; no rules. */
export function createWebhooksRepository(db: DbExecutor) {
  return {
    async insertEndpoint(values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning()
      if (!row) throw new Error('Inserting a webhook endpoint returned no row')
      return row
    },

    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId))
      return Number(row?.n ?? 0)
    },

    listOf(userId: string): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    },

    async findOwned(userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      return row
    },

    async update(
      userId: string,
      id: string,
      set: Partial<typeof webhookEndpoints.$inferInsert>,
    ): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set(set)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning()
      return row
    },

    /** Deletes the user's endpoint (its deliveries and log go with it); false when there was none. */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning({ id: webhookEndpoints.id })
      return rows.length === 1
    },

    /** The user's enabled endpoints that chose this event. */
    subscribed(userId: string, eventType: string): Promise<{ id: string }[]> {
      return db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.userId, userId),
            eq(webhookEndpoints.enabled, true),
            arrayContains(webhookEndpoints.events, [eventType]),
          ),
        )
    },

    async insertDeliveries(rows: (typeof webhookDeliveries.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(webhookDeliveries).values(rows)
    },

    /** A delivery with its endpoint, or undefined once either is gone. */
    async findDelivery(
      id: string,
    ): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | undefined> {
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, id))
      return row
    },

    async findDeliveryOf(endpointId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
      return row
    },

    /** Records a try and counts it on its delivery; the try's number. */
    async recordAttempt(
      delivery: Pick<WebhookDeliveryRow, 'id' | 'endpointId'>,
      at: Date,
      result: { statusCode: number | null; durationMs: number; error: string | null },
    ): Promise<number> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
        .where(eq(webhookDeliveries.id, delivery.id))
        .returning({ attempts: webhookDeliveries.attempts })
      const attempt = row?.attempts ?? 1
      await db.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        attempt,
        at,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
      })
      return attempt
    },

    /** Ends a pending delivery as delivered or failed (only a pending one: a second run changes nothing). */
    async settle(id: string, state: 'delivered' | 'failed', at: Date): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ state, deliveredAt: state === 'delivered' ? at : null })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending')))
    },

    /** "Send again": the delivery is pending again, with a new 24-hour window from now. */
    async reopen(id: string, at: Date): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ state: 'pending', windowStartedAt: at, deliveredAt: null })
        .where(eq(webhookDeliveries.id, id))
    },

    /** Deletes deliveries (and, by cascade, their tries) settled and older than `before`; how many. */
    async deleteSettledBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(webhookDeliveries)
        .where(and(ne(webhookDeliveries.state, 'pending'), lt(webhookDeliveries.windowStartedAt, before)))
        .returning({ id: webhookDeliveries.id })
      return rows.length
    },

    /** The endpoint's latest tries, newest first, with their delivery's event and state. */
    attemptsOf(endpointId: string, limit: number) {
      return db
        .select({
          deliveryId: webhookAttempts.deliveryId,
          eventType: webhookDeliveries.eventType,
          deliveryState: webhookDeliveries.state,
          attempt: webhookAttempts.attempt,
          at: webhookAttempts.at,
          statusCode: webhookAttempts.statusCode,
          durationMs: webhookAttempts.durationMs,
          error: webhookAttempts.error,
        })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(eq(webhookAttempts.endpointId, endpointId))
        .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.attempt))
        .limit(limit)
    },
  }
}
