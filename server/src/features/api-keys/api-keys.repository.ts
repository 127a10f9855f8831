import { and, asc, count, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { apiKeys } from '../../db/schema/index.js'

export type ApiKeyRow = typeof apiKeys.$inferSelect

/** Queries on API keys; no rules. */
export function createApiKeysRepository(db: DbExecutor) {
  return {
    async insert(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning()
      if (!row) throw new Error('Inserting an API key returned no row')
      return row
    },

    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId))
      return Number(row?.n ?? 0)
    },

    listOf(userId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    },

    async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash))
      return row
    },

    async touch(id: string, at: Date, ip: string): Promise<void> {
      await db.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: ip }).where(eq(apiKeys.id, id))
    },

    /** Deletes the user's key; false when there was none. */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ id: apiKeys.id })
      return rows.length === 1
    },
  }
}
