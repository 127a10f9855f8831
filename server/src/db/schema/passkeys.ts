import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * An account's passkeys (issue 23 item 2): WebAuthn credentials, a second factor or a way in on
 * their own. Only the public key is kept; `counter` is the authenticator's signature counter,
 * which must grow (when the authenticator keeps one) so a cloned key shows itself.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url: how an assertion names its passkey. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

/**
 * WebAuthn challenges handed out and not yet answered: in the database, so any instance can
 * check the answer; deleted by the answer that uses them (one use), refused after `expires_at`.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** 'register' (the profile) or 'sign-in' (passwordless or second step). */
    purpose: text('purpose').notNull(),
    /** The account registering; null for sign-in, where the passkey names its account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
)
