import type { AdminUserSortKey } from '@ferry/contracts/api/admin'
import type { Role } from '@ferry/contracts/api/users'
import type { Language } from '@ferry/contracts/domain/languages'
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { users } from '../../db/schema/index.js'
import type { UserRow } from '../users/users.types.js'

export interface UserPageQuery {
  offset: number
  limit: number
  sort: AdminUserSortKey
  order: 'asc' | 'desc'
  search?: string
}

/** Names sort case-insensitively, whatever the database's collation. */
const sortColumns = {
  name: sql`lower(${users.name})`,
  email: users.email,
  role: users.role,
  created_at: users.createdAt,
}

/** `%` and `_` in a search are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The admin's queries on accounts and what an account owns; no rules. */
export function createAdminUsersRepository(db: DbExecutor) {
  return {
    async page(query: UserPageQuery): Promise<{ rows: UserRow[]; total: number }> {
      const where: SQL | undefined = query.search
        ? or(ilike(users.name, likePattern(query.search)), ilike(users.email, likePattern(query.search)))
        : undefined
      const direction = query.order === 'asc' ? asc : desc
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(direction(sortColumns[query.sort]), direction(users.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
      ])
      return { rows, total: Number(counted?.total ?? 0) }
    },

    /**
     * Locks every ADMIN row and counts them, so two transactions demoting or deleting admins at
     * once cannot both see a second admin and leave none.
     */
    async lockAdmins(): Promise<number> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).for('update')
      return rows.length
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },

    async findForUpdate(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update')
      return row
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email))
      return row
    },

    /** A new account without a password; undefined when the email is taken. */
    async insert(values: {
      name: string
      email: string
      role: Role
      language: Language
    }): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning()
      return row
    },

    async update(id: string, values: { name: string; email: string; role: Role }): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning()
      return row
    },

    /**
     * Sets the hash only while the account still has the hash and email it was read with, and ends
     * every session the account had (a reset must lock out whoever held the old password).
     */
    async setPasswordHash(account: Pick<UserRow, 'id' | 'email' | 'passwordHash'>, passwordHash: string) {
      const rows = await db
        .update(users)
        .set({
          passwordHash,
          sessionEpoch: sql`${users.sessionEpoch} + 1`,
          // The link reached this address, so the account owns it (spec/accounts.md §2).
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(users.id, account.id),
            eq(users.email, account.email),
            account.passwordHash === null ? isNull(users.passwordHash) : eq(users.passwordHash, account.passwordHash),
          ),
        )
        .returning({ id: users.id })
      return rows.length === 1
    },
  }
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>
