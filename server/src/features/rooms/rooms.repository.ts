import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import { and, asc, count, desc, eq, gt, inArray, lt, lte, notInArray, or } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { keyset } from '../../db/keyset-page.js'
import { directTransfers, roomParticipants, rooms } from '../../db/schema/index.js'

export type RoomRow = typeof rooms.$inferSelect
export type ParticipantRow = typeof roomParticipants.$inferSelect
export type DirectTransferRow = typeof directTransfers.$inferSelect

/** Queries on rooms, room_participants and direct_transfers; no rules. */
export function createRoomsRepository(db: DbExecutor) {
  return {
    async insertRoom(values: typeof rooms.$inferInsert): Promise<RoomRow> {
      const [row] = await db.insert(rooms).values(values).returning()
      if (!row) throw new Error('Inserting a room returned no row')
      return row
    },

    async findRoom(id: string): Promise<RoomRow | undefined> {
      const [row] = await db.select().from(rooms).where(eq(rooms.id, id))
      return row
    },

    /** The room, locked until the caller's transaction ends (joins of one room go one at a time). */
    async lockRoom(id: string): Promise<RoomRow | undefined> {
      const [row] = await db.select().from(rooms).where(eq(rooms.id, id)).for('update')
      return row
    },

    async insertParticipant(values: typeof roomParticipants.$inferInsert): Promise<ParticipantRow> {
      const [row] = await db.insert(roomParticipants).values(values).returning()
      if (!row) throw new Error('Inserting a participant returned no row')
      return row
    },

    async findParticipant(roomId: string, participantId: string): Promise<ParticipantRow | undefined> {
      const [row] = await db
        .select()
        .from(roomParticipants)
        .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.participantId, participantId)))
      return row
    },

    /** In the order they joined, the host first. */
    listParticipants(roomId: string): Promise<ParticipantRow[]> {
      return db
        .select()
        .from(roomParticipants)
        .where(eq(roomParticipants.roomId, roomId))
        .orderBy(desc(roomParticipants.isHost), asc(roomParticipants.joinedAt))
    },

    /**
     * Deletes the room's participants not in `present` who joined before `joinedBefore` (or are
     * `departed`), returning them; of several instances doing it at once, each row goes to one.
     */
    deleteAbsent(roomId: string, present: string[], joinedBefore: Date, departed?: string): Promise<ParticipantRow[]> {
      const old = lt(roomParticipants.joinedAt, joinedBefore)
      return db
        .delete(roomParticipants)
        .where(
          and(
            eq(roomParticipants.roomId, roomId),
            departed === undefined ? old : or(old, eq(roomParticipants.participantId, departed)),
            present.length > 0 ? notInArray(roomParticipants.participantId, present) : undefined,
          ),
        )
        .returning()
    },

    /** Deletes one participant (they left); the row, or undefined when they were not in the room. */
    async deleteParticipant(roomId: string, participantId: string): Promise<ParticipantRow | undefined> {
      const [row] = await db
        .delete(roomParticipants)
        .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.participantId, participantId)))
        .returning()
      return row
    },

    /** Ends a live room now (its host closed it); the room, or undefined when it had already ended. */
    async endRoom(roomId: string, at: Date): Promise<RoomRow | undefined> {
      const [row] = await db
        .update(rooms)
        .set({ expiresAt: at })
        .where(and(eq(rooms.id, roomId), gt(rooms.expiresAt, at)))
        .returning()
      return row
    },

    /** Deletes the participants of rooms that ended by `now`; how many. */
    async deleteParticipantsOfEnded(now: Date): Promise<number> {
      const ended = db.select({ id: rooms.id }).from(rooms).where(lte(rooms.expiresAt, now))
      const removed = await db
        .delete(roomParticipants)
        .where(inArray(roomParticipants.roomId, ended))
        .returning({ id: roomParticipants.participantId })
      return removed.length
    },

    /** Deletes rooms that ended before `cutoff`, with their direct transfers (cascade); how many. */
    async deleteEndedBefore(cutoff: Date): Promise<number> {
      const removed = await db.delete(rooms).where(lt(rooms.expiresAt, cutoff)).returning({ id: rooms.id })
      return removed.length
    },

    async countParticipants(roomId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(roomParticipants).where(eq(roomParticipants.roomId, roomId))
      return Number(row?.n ?? 0)
    },

    async insertTransfer(values: typeof directTransfers.$inferInsert): Promise<DirectTransferRow> {
      const [row] = await db.insert(directTransfers).values(values).returning()
      if (!row) throw new Error('Inserting a direct transfer returned no row')
      return row
    },

    async findTransfer(id: string): Promise<DirectTransferRow | undefined> {
      const [row] = await db.select().from(directTransfers).where(eq(directTransfers.id, id))
      return row
    },

    /**
     * Sets the status only if it is still `from` (a concurrent change wins, and the caller
     * re-reads); the updated row, or undefined.
     */
    async changeStatus(
      id: string,
      from: DirectTransferRow['status'],
      patch: Pick<DirectTransferRow, 'status' | 'updatedAt'> &
        Partial<Pick<DirectTransferRow, 'transferSpeed' | 'sha256' | 'reason'>>,
    ): Promise<DirectTransferRow | undefined> {
      const [row] = await db
        .update(directTransfers)
        .set(patch)
        .where(and(eq(directTransfers.id, id), eq(directTransfers.status, from)))
        .returning()
      return row
    },

    /** A participant's transfers in a room that are in one of `statuses`, oldest first. */
    listOpenTransfers(
      roomId: string,
      participantId: string,
      statuses: DirectTransferRow['status'][],
    ): Promise<DirectTransferRow[]> {
      return db
        .select()
        .from(directTransfers)
        .where(
          and(
            eq(directTransfers.roomId, roomId),
            or(eq(directTransfers.senderId, participantId), eq(directTransfers.recipientId, participantId)),
            inArray(directTransfers.status, statuses),
          ),
        )
        .orderBy(asc(directTransfers.createdAt))
    },

    /** One page of the transfers a user sent or received, newest first. */
    async listForUser(userId: string, request: PageRequest): Promise<Page<DirectTransferRow>> {
      const page = keyset({ at: directTransfers.createdAt, id: directTransfers.id }, request)
      const theirs = or(eq(directTransfers.senderUserId, userId), eq(directTransfers.recipientUserId, userId))
      const [rows, total] = await Promise.all([
        db
          .select({ transfer: directTransfers, cursorAt: page.cursorAt })
          .from(directTransfers)
          .where(and(theirs, page.where))
          .orderBy(...page.orderBy)
          .limit(page.take),
        db.$count(directTransfers, theirs),
      ])
      return page.page(
        rows,
        total,
        (r) => r.transfer.id,
        (shown) => shown.map((r) => r.transfer),
      )
    },
  }
}

export type RoomsRepository = ReturnType<typeof createRoomsRepository>
