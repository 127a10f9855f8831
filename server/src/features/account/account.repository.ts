import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Db, DbExecutor } from '../../db/database.js'
import {
  accountTokens,
  apiKeys,
  directTransfers,
  liveSubscriptionStatuses,
  payments,
  receivedFiles,
  receivedGroups,
  referrals,
  requestLinks,
  rooms,
  subscriptions,
  transfers,
  users,
  webhookEndpoints,
} from '../../db/schema/index.js'
import type { UserRow } from '../users/users.types.js'

/** What an email change's link moved, for the notice to the old address. */
export interface EmailChanged {
  userId: string
  oldEmail: string
  newEmail: string
  name: string
  language: UserRow['language']
}

/**
 * Queries of account self-service (product.md §23): the name, the email change's one-time
 * links, and everything an account owns, for deleting it and for its data download. No rules.
 */
export function createAccountRepository(db: DbExecutor) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email))
      return row
    },

    async setName(id: string, name: string): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ name, updatedAt: sql`now()` }).where(eq(users.id, id)).returning()
      return row
    },

    /** The account's one open email change, replacing an earlier one (whose link stops working). */
    async replaceEmailChange(values: {
      userId: string
      tokenHash: string
      newEmail: string
      expiresAt: Date
      createdAt: Date
    }): Promise<void> {
      await (db as Db).transaction(async (tx) => {
        await tx
          .delete(accountTokens)
          .where(and(eq(accountTokens.userId, values.userId), eq(accountTokens.purpose, 'email_change')))
        await tx.insert(accountTokens).values({ ...values, purpose: 'email_change' })
      })
    },

    /** The address an open, unexpired email change moves to, or null. */
    async pendingEmail(userId: string, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ email: accountTokens.newEmail })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, 'email_change'),
            gt(accountTokens.expiresAt, now),
          ),
        )
      return row?.email ?? null
    },

    /**
     * Uses an email change's link once, in one transaction: deletes exactly this row and moves the
     * account to the new address, which counts as confirmed (the link reached it). Undefined when
     * the link is unknown or used; 'expired' past its 24 hours; 'taken' when another account has the address by now.
     */
    async useEmailChange(tokenHash: string, now: Date): Promise<EmailChanged | 'taken' | 'expired' | undefined> {
      return (db as Db).transaction(async (tx) => {
        const [used] = await tx
          .delete(accountTokens)
          .where(
            and(
              eq(accountTokens.tokenHash, tokenHash),
              eq(accountTokens.purpose, 'email_change'),
              gt(accountTokens.expiresAt, now),
            ),
          )
          .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail })
        if (!used) {
          // An expired link is told apart from an unknown or used one, and dropped.
          const expired = await tx
            .delete(accountTokens)
            .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, 'email_change')))
            .returning({ userId: accountTokens.userId })
          return expired.length ? 'expired' : undefined
        }
        if (!used.newEmail) return undefined
        const [before] = await tx.select().from(users).where(eq(users.id, used.userId)).for('update')
        if (!before) return undefined
        const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, used.newEmail))
        if (other) return 'taken'
        await tx
          .update(users)
          .set({ email: used.newEmail, emailConfirmedAt: now, updatedAt: sql`now()` })
          .where(eq(users.id, used.userId))
        return {
          userId: before.id,
          oldEmail: before.email,
          newEmail: used.newEmail,
          name: before.name,
          language: before.language,
        }
      })
    },

    // --- Deleting an account (inside the caller's transaction) ---

    /**
     * Locks every ADMIN row and counts them, so two transactions deleting admins at once cannot
     * both see a second admin and leave none.
     */
    async lockAdmins(): Promise<number> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).for('update')
      return rows.length
    },

    async findForUpdate(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update')
      return row
    },

    /** Marks the user's live transfers deleted, so their links stop working at once. */
    async softDeleteTransfersOf(userId: string, at: Date): Promise<void> {
      await db
        .update(transfers)
        .set({ deletedAt: at })
        .where(and(eq(transfers.userId, userId), isNull(transfers.deletedAt)))
    },

    /** The user's transfers whose files are still stored (the purge removes them, then the rows). */
    async unpurgedTransfersOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: transfers.id })
        .from(transfers)
        .where(and(eq(transfers.userId, userId), isNull(transfers.filesDeletedAt)))
      return rows.map((r) => r.id)
    },

    /** Deletes the user's transfers whose files are gone already (recipients, files and tracking go with them). */
    async deletePurgedTransfersOf(userId: string): Promise<void> {
      await db.delete(transfers).where(and(eq(transfers.userId, userId), isNotNull(transfers.filesDeletedAt)))
    },

    /** Deletes these transfers once their files are gone; the ones still holding files stay for the sweeper. */
    async deletePurgedTransfers(ids: string[]): Promise<void> {
      if (ids.length === 0) return
      await db.delete(transfers).where(and(inArray(transfers.id, ids), isNotNull(transfers.filesDeletedAt)))
    },

    /** The card provider's ids of the user's live paid subscriptions (which would go on charging). */
    async liveProviderSubscriptionsOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: subscriptions.providerSubscriptionId })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.provider, 'stripe'),
            inArray(subscriptions.status, [...liveSubscriptionStatuses]),
            isNotNull(subscriptions.providerSubscriptionId),
          ),
        )
      return rows.flatMap((r) => (r.id ? [r.id] : []))
    },

    /** Keys of the files received on the user's request links that are still stored. */
    async receivedFileKeysOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ key: receivedFiles.fileKey })
        .from(receivedFiles)
        .innerJoin(receivedGroups, eq(receivedGroups.id, receivedFiles.groupId))
        .innerJoin(requestLinks, eq(requestLinks.id, receivedGroups.requestId))
        .where(and(eq(requestLinks.userId, userId), isNull(receivedGroups.filesDeletedAt)))
      return rows.map((r) => r.key)
    },

    /** The rooms the user hosts (participants and their direct-transfer records go with them). */
    async deleteHostedRooms(userId: string): Promise<void> {
      await db.delete(rooms).where(eq(rooms.hostUserId, userId))
    },

    /**
     * Deletes the account row; request links, received files' rows, subscriptions, payments,
     * referral codes, confirmations and open links go with it (ON DELETE CASCADE).
     */
    async deleteUser(id: string): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })
      return rows.length === 1
    },

    // --- The data download ---

    async requestLinksOf(userId: string) {
      const links = await db
        .select()
        .from(requestLinks)
        .where(eq(requestLinks.userId, userId))
        .orderBy(asc(requestLinks.createdAt))
      const ids = links.map((l) => l.id)
      const groups =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(receivedGroups)
              .where(inArray(receivedGroups.requestId, ids))
              .orderBy(asc(receivedGroups.createdAt))
      const groupIds = groups.map((g) => g.id)
      const files =
        groupIds.length === 0
          ? []
          : await db
              .select()
              .from(receivedFiles)
              .where(inArray(receivedFiles.groupId, groupIds))
              .orderBy(asc(receivedFiles.position))
      return links.map((link) => ({
        link,
        uploads: groups
          .filter((g) => g.requestId === link.id)
          .map((group) => ({ group, files: files.filter((f) => f.groupId === group.id) })),
      }))
    },

    subscriptionsOf(userId: string) {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.createdAt))
    },

    paymentsOf(userId: string) {
      return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.paidAt))
    },

    referralsOf(userId: string) {
      return db.select().from(referrals).where(eq(referrals.inviterUserId, userId)).orderBy(asc(referrals.createdAt))
    },

    /** The account's API keys (never their hashes: the export leaves secrets out). */
    apiKeysOf(userId: string) {
      return db
        .select({
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          scopes: apiKeys.scopes,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          lastUsedIp: apiKeys.lastUsedIp,
        })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(asc(apiKeys.createdAt))
    },

    /** The account's webhook endpoints (never their secrets). */
    webhookEndpointsOf(userId: string) {
      return db
        .select({
          url: webhookEndpoints.url,
          description: webhookEndpoints.description,
          events: webhookEndpoints.events,
          enabled: webhookEndpoints.enabled,
          createdAt: webhookEndpoints.createdAt,
        })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.createdAt))
    },

    roomsOf(userId: string) {
      return db.select().from(rooms).where(eq(rooms.hostUserId, userId)).orderBy(asc(rooms.createdAt))
    },

    directTransfersOf(userId: string) {
      return db
        .select()
        .from(directTransfers)
        .where(or(eq(directTransfers.senderUserId, userId), eq(directTransfers.recipientUserId, userId)))
        .orderBy(asc(directTransfers.createdAt))
    },
  }
}

export type AccountRepository = ReturnType<typeof createAccountRepository>
