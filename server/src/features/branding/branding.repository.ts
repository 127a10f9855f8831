import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { organizationBackgrounds, organizationStylesheets } from '../../db/schema/index.js'

export type StylesheetRow = typeof organizationStylesheets.$inferSelect
export type BackgroundRow = typeof organizationBackgrounds.$inferSelect

/** Queries on organizations' stylesheets and backgrounds; no rules. */
export function createBrandingRepository(db: DbExecutor) {
  return {
    async stylesheetOf(organizationId: string): Promise<StylesheetRow | undefined> {
      const [row] = await db
        .select()
        .from(organizationStylesheets)
        .where(eq(organizationStylesheets.organizationId, organizationId))
      return row
    },

    async saveStylesheet(values: Omit<StylesheetRow, 'updatedAt'> & { updatedAt: Date }): Promise<void> {
      const { organizationId: _, ...changes } = values
      await db
        .insert(organizationStylesheets)
        .values(values)
        .onConflictDoUpdate({ target: organizationStylesheets.organizationId, set: changes })
    },

    async deleteStylesheet(organizationId: string): Promise<void> {
      await db.delete(organizationStylesheets).where(eq(organizationStylesheets.organizationId, organizationId))
    },

    /** Serialises changes to one organization's backgrounds until the transaction ends (the limit of ten). */
    async lockBackgrounds(organizationId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`branding:${organizationId}`}))`)
    },

    backgroundsOf(organizationId: string): Promise<BackgroundRow[]> {
      return db
        .select()
        .from(organizationBackgrounds)
        .where(eq(organizationBackgrounds.organizationId, organizationId))
        .orderBy(asc(organizationBackgrounds.createdAt), asc(organizationBackgrounds.id))
    },

    async countBackgrounds(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(organizationBackgrounds)
        .where(eq(organizationBackgrounds.organizationId, organizationId))
      return Number(row?.n ?? 0)
    },

    async findBackground(organizationId: string, id: string): Promise<BackgroundRow | undefined> {
      const [row] = await db
        .select()
        .from(organizationBackgrounds)
        .where(and(eq(organizationBackgrounds.organizationId, organizationId), eq(organizationBackgrounds.id, id)))
      return row
    },

    async insertBackground(values: typeof organizationBackgrounds.$inferInsert): Promise<BackgroundRow> {
      const [row] = await db.insert(organizationBackgrounds).values(values).returning()
      if (!row) throw new Error('Inserting a background returned no row')
      return row
    },

    async updateAlt(organizationId: string, id: string, alt: string): Promise<BackgroundRow | undefined> {
      const [row] = await db
        .update(organizationBackgrounds)
        .set({ alt })
        .where(and(eq(organizationBackgrounds.organizationId, organizationId), eq(organizationBackgrounds.id, id)))
        .returning()
      return row
    },

    async deleteBackground(organizationId: string, id: string): Promise<BackgroundRow | undefined> {
      const [row] = await db
        .delete(organizationBackgrounds)
        .where(and(eq(organizationBackgrounds.organizationId, organizationId), eq(organizationBackgrounds.id, id)))
        .returning()
      return row
    },
  }
}
