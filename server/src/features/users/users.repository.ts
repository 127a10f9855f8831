import type { Role } from '@ferry/contracts/api/users'
import type { Language } from '@ferry/contracts/domain/languages'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/database.js'
import { users } from '../../db/schema/index.js'

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert

/** Queries on the users table; no rules. */
export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email))
      return row
    },

    async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.googleSub, sub))
      return row
    },

    /** Inserts the row, or returns undefined when the email (or Google account) is taken. */
    async insert(values: NewUserRow): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning()
      return row
    },

    /**
     * Creates the account as ADMIN with this password, or makes the existing one so; one statement.
     * `endSessions` bumps an existing account's session epoch (its password changed).
     */
    async upsertAdmin({
      endSessions,
      ...values
    }: {
      email: string
      name: string
      passwordHash: string
      endSessions: boolean
    }) {
      const [row] = await db
        .insert(users)
        .values({ ...values, role: 'ADMIN', emailConfirmedAt: sql`now()` })
        .onConflictDoUpdate({
          target: users.email,
          // The operator named this address in the configuration: it counts as proven.
          set: {
            role: 'ADMIN',
            passwordHash: values.passwordHash,
            sessionEpoch: endSessions ? sql`${users.sessionEpoch} + 1` : sql`${users.sessionEpoch}`,
            emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
            updatedAt: sql`now()`,
          },
        })
        // xmax is 0 on a freshly inserted row version and set on an updated one.
        .returning({ id: users.id, created: sql<boolean>`(xmax = 0)` })
      if (!row) throw new Error(`Upserting the admin ${values.email} returned no row`)
      return row
    },

    async setRoleByEmail(email: string, role: Role): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ role, updatedAt: sql`now()` })
        .where(eq(users.email, email))
        .returning()
      return row
    },

    async setLanguage(id: string, language: Language): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ language, updatedAt: sql`now()` }).where(eq(users.id, id)).returning()
      return row
    },

    async linkGoogle(id: string, googleSub: string, picture: string | null): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          googleSub,
          ...(picture ? { picture } : {}),
          // Google vouches for the address (email_verified): the account owns it.
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning()
      return row
    },
  }
}

export type UsersRepository = ReturnType<typeof createUsersRepository>
