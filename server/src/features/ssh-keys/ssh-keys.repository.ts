import { and, asc, count, eq } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { sshKeys } from '../../db/schema/index.js'

export type SshKeyRow = typeof sshKeys.$inferSelect

/** Queries on SSH keys; no rules. */
export function createSshKeysRepository(db: DbExecutor) {
  return {
    /** The new row, or undefined when the user already has this key. */
    async insert(values: typeof sshKeys.$inferInsert): Promise<SshKeyRow | undefined> {
      const [row] = await db.insert(sshKeys).values(values).onConflictDoNothing().returning()
      return row
    },

    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(sshKeys).where(eq(sshKeys.userId, userId))
      return Number(row?.n ?? 0)
    },

    listOf(userId: string): Promise<SshKeyRow[]> {
      return db
        .select()
        .from(sshKeys)
        .where(eq(sshKeys.userId, userId))
        .orderBy(asc(sshKeys.createdAt), asc(sshKeys.id))
    },

    async find(userId: string, publicKey: string): Promise<SshKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(sshKeys)
        .where(and(eq(sshKeys.userId, userId), eq(sshKeys.publicKey, publicKey)))
      return row
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(sshKeys).set({ lastUsedAt: at }).where(eq(sshKeys.id, id))
    },

    /** Deletes the user's key; false when there was none. */
    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(sshKeys)
        .where(and(eq(sshKeys.id, id), eq(sshKeys.userId, userId)))
        .returning({ id: sshKeys.id })
      return rows.length === 1
    },
  }
}
