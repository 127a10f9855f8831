import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { keyset } from '../../db/keyset-page.js'
import { receivedFiles, receivedGroups, requestLinks } from '../../db/schema/index.js'

export type RequestLinkRow = typeof requestLinks.$inferSelect
export type ReceivedGroupRow = typeof receivedGroups.$inferSelect
export type ReceivedFileRow = typeof receivedFiles.$inferSelect

/** A received group with its files, in upload order. */
export interface ReceivedGroupWithFiles {
  group: ReceivedGroupRow
  files: ReceivedFileRow[]
  /** The name of the link the group came through, where the query read it. */
  requestName?: string | null
}

/** Queries on request_links, received_groups and received_files; no rules. */
export function createRequestLinksRepository(db: DbExecutor) {
  async function withFiles(groups: ReceivedGroupRow[]): Promise<ReceivedGroupWithFiles[]> {
    if (groups.length === 0) return []
    const files = await db
      .select()
      .from(receivedFiles)
      .where(
        inArray(
          receivedFiles.groupId,
          groups.map((g) => g.id),
        ),
      )
      .orderBy(asc(receivedFiles.position))
    return groups.map((group) => ({ group, files: files.filter((f) => f.groupId === group.id) }))
  }

  return {
    async insert(values: typeof requestLinks.$inferInsert): Promise<RequestLinkRow> {
      const [row] = await db.insert(requestLinks).values(values).returning()
      if (!row) throw new Error('Inserting a request link returned no row')
      return row
    },

    async find(id: string): Promise<RequestLinkRow | undefined> {
      const [row] = await db.select().from(requestLinks).where(eq(requestLinks.id, id))
      return row
    },

    /** The link, locked until the caller's transaction ends (uploads to one link go one at a time). */
    async lock(id: string): Promise<RequestLinkRow | undefined> {
      const [row] = await db.select().from(requestLinks).where(eq(requestLinks.id, id)).for('update')
      return row
    },

    /** Marks the link completed (once; a second call keeps the first time). */
    async complete(id: string, at: Date): Promise<void> {
      await db
        .update(requestLinks)
        .set({ completedAt: at })
        .where(and(eq(requestLinks.id, id), isNull(requestLinks.completedAt)))
    },

    /** The owner's changes to a link; the row after them, or undefined when it is not theirs. */
    async update(
      id: string,
      userId: string,
      values: Partial<typeof requestLinks.$inferInsert>,
    ): Promise<RequestLinkRow | undefined> {
      const [row] = await db
        .update(requestLinks)
        .set(values)
        .where(and(eq(requestLinks.id, id), eq(requestLinks.userId, userId)))
        .returning()
      return row
    },

    /** Deletes the owner's link (its received groups and files go with it); false when it is not theirs. */
    async delete(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(requestLinks)
        .where(and(eq(requestLinks.id, id), eq(requestLinks.userId, userId)))
        .returning({ id: requestLinks.id })
      return rows.length === 1
    },

    /** The stored keys of every file received on a link whose files are still kept. */
    async liveFileKeysOfLink(requestId: string): Promise<string[]> {
      const rows = await db
        .select({ key: receivedFiles.fileKey })
        .from(receivedFiles)
        .innerJoin(receivedGroups, eq(receivedGroups.id, receivedFiles.groupId))
        .where(and(eq(receivedGroups.requestId, requestId), isNull(receivedGroups.filesDeletedAt)))
      return rows.map((r) => r.key)
    },

    /** Files and bytes received on a link so far. */
    async received(requestId: string): Promise<{ files: number; bytes: number }> {
      const [row] = await db
        .select({
          files: sql<number>`count(${receivedFiles.id})::int`,
          bytes: sql<number>`coalesce(sum(${receivedFiles.fileSize}), 0)::float8`,
        })
        .from(receivedFiles)
        .innerJoin(receivedGroups, eq(receivedGroups.id, receivedFiles.groupId))
        .where(eq(receivedGroups.requestId, requestId))
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) }
    },

    /** One page of the user's links, newest first, with the number of files received on each. */
    async listOwn(userId: string, request: PageRequest): Promise<Page<RequestLinkRow & { uploadsCount: number }>> {
      const page = keyset({ at: requestLinks.createdAt, id: requestLinks.id }, request)
      const mine = eq(requestLinks.userId, userId)
      const [rows, total] = await Promise.all([
        db
          .select({
            link: requestLinks,
            uploadsCount: sql<number>`count(${receivedFiles.id})::int`,
            cursorAt: page.cursorAt,
          })
          .from(requestLinks)
          .leftJoin(receivedGroups, eq(receivedGroups.requestId, requestLinks.id))
          .leftJoin(receivedFiles, eq(receivedFiles.groupId, receivedGroups.id))
          .where(and(mine, page.where))
          .groupBy(requestLinks.id)
          .orderBy(...page.orderBy)
          .limit(page.take),
        db.$count(requestLinks, mine),
      ])
      return page.page(
        rows,
        total,
        (r) => r.link.id,
        (shown) => shown.map((r) => ({ ...r.link, uploadsCount: Number(r.uploadsCount) })),
      )
    },

    async insertGroup(
      group: typeof receivedGroups.$inferInsert,
      files: Omit<typeof receivedFiles.$inferInsert, 'groupId'>[],
    ): Promise<ReceivedGroupWithFiles> {
      const [row] = await db.insert(receivedGroups).values(group).returning()
      if (!row) throw new Error('Inserting a received group returned no row')
      const inserted = await db
        .insert(receivedFiles)
        .values(files.map((f) => ({ ...f, groupId: row.id })))
        .returning()
      return { group: row, files: inserted.sort((a, b) => a.position - b.position) }
    },

    /** One page of the groups received on the user's links, newest first. */
    async listReceived(userId: string, request: PageRequest): Promise<Page<ReceivedGroupWithFiles>> {
      const page = keyset({ at: receivedGroups.createdAt, id: receivedGroups.id }, request)
      const mine = eq(requestLinks.userId, userId)
      const [rows, [count]] = await Promise.all([
        db
          .select({ group: receivedGroups, requestName: requestLinks.name, cursorAt: page.cursorAt })
          .from(receivedGroups)
          .innerJoin(requestLinks, eq(requestLinks.id, receivedGroups.requestId))
          .where(and(mine, page.where))
          .orderBy(...page.orderBy)
          .limit(page.take),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(receivedGroups)
          .innerJoin(requestLinks, eq(requestLinks.id, receivedGroups.requestId))
          .where(mine),
      ])
      return page.page(
        rows,
        Number(count?.n ?? 0),
        (r) => r.group.id,
        async (shown) =>
          (await withFiles(shown.map((r) => r.group))).map((found, i) => ({
            ...found,
            requestName: shown[i]?.requestName ?? null,
          })),
      )
    },

    /** A group with its files and the requester's id. */
    async findGroup(groupId: string): Promise<(ReceivedGroupWithFiles & { ownerId: string }) | undefined> {
      const [row] = await db
        .select({ group: receivedGroups, ownerId: requestLinks.userId })
        .from(receivedGroups)
        .innerJoin(requestLinks, eq(requestLinks.id, receivedGroups.requestId))
        .where(eq(receivedGroups.id, groupId))
      if (!row) return undefined
      const [found] = await withFiles([row.group])
      return found && { ...found, ownerId: row.ownerId }
    },

    /** A file with its group and the requester's id. */
    async findFile(
      fileId: string,
    ): Promise<{ file: ReceivedFileRow; group: ReceivedGroupRow; ownerId: string } | undefined> {
      const [row] = await db
        .select({ file: receivedFiles, group: receivedGroups, ownerId: requestLinks.userId })
        .from(receivedFiles)
        .innerJoin(receivedGroups, eq(receivedGroups.id, receivedFiles.groupId))
        .innerJoin(requestLinks, eq(requestLinks.id, receivedGroups.requestId))
        .where(eq(receivedFiles.id, fileId))
      return row
    },

    /** Groups whose files are due for deletion at `now`, oldest first. */
    listPurgeable(now: Date, limit: number): Promise<ReceivedGroupRow[]> {
      return db
        .select()
        .from(receivedGroups)
        .where(and(lte(receivedGroups.purgeAfter, now), isNull(receivedGroups.filesDeletedAt)))
        .orderBy(asc(receivedGroups.purgeAfter), asc(receivedGroups.id))
        .limit(limit)
    },

    /** Takes a due group for purging; false when another sweeper took it first. */
    async takeForPurge(groupId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(receivedGroups)
        .set({ filesDeletedAt: now })
        .where(
          and(
            eq(receivedGroups.id, groupId),
            lte(receivedGroups.purgeAfter, now),
            isNull(receivedGroups.filesDeletedAt),
          ),
        )
        .returning({ id: receivedGroups.id })
      return rows.length === 1
    },

    /** Gives a group back after a failed purge, for the next sweep. */
    async releasePurge(groupId: string): Promise<void> {
      await db.update(receivedGroups).set({ filesDeletedAt: null }).where(eq(receivedGroups.id, groupId))
    },

    async fileKeysOf(groupId: string): Promise<string[]> {
      const rows = await db
        .select({ key: receivedFiles.fileKey })
        .from(receivedFiles)
        .where(eq(receivedFiles.groupId, groupId))
      return rows.map((r) => r.key)
    },
  }
}

export type RequestLinksRepository = ReturnType<typeof createRequestLinksRepository>
