import type { Role } from '@ferry/contracts/api/users'
import type { Language } from '@ferry/contracts/domain/languages'
import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Accounts. `email` is stored normalised (trimmed, lower-cased), so a plain unique index suffices. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** argon2id PHC string; null for an account that only signs in with Google. */
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull().default('FREE'),
    picture: text('picture'),
    /** Google's `sub` once the account signed in with Google. */
    googleSub: text('google_sub').unique(),
    /** The interface language the user last used; the emails they cause are written in it. */
    language: text('language').$type<Language>().notNull().default('en'),
    /**
     * Carried in every session token; a token of an older epoch is refused. Bumped on a password
     * change or reset and on "log out of all devices" (product.md §15).
     */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    /**
     * When the account proved it owns `email` (spec/accounts.md §2): the emailed link or code,
     * Google sign-in, or an admin's set-password link. Null until then; such an account cannot
     * send mail through Ferry (transfers, request links).
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('FREE', 'PREMIUM', 'ADMIN')`),
    check('users_language_check', sql`${t.language} in ('en', 'es')`),
  ],
)
