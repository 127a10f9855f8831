import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * An account's TOTP authenticator (issue 23 item 2): the secret sealed with AES-256-GCM under a
 * key kept in app_secrets (never in clear), enrolment pending until `enabled_at` is set by a
 * first right code, and the last time step a code was accepted for, so no code works twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `v1.<iv>.<tag>.<ciphertext>` (base64url), sealed with the account's id as associated data. */
  secretSealed: text('secret_sealed').notNull(),
  /** Null while the enrolment waits for its first code. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** RFC 6238 time step of the last accepted code; a code of this step or an earlier one is refused. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Single-use recovery codes, stored only as HMAC-SHA256 under a key kept in app_secrets. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
)

/**
 * "Remember this device for 30 days": the SHA-256 of a random token the browser holds in an
 * httpOnly cookie. Deleted when forgotten, when 2FA is turned off, and with the account.
 */
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** What the browser called itself (its User-Agent, shortened), so the owner recognises it. */
    label: text('label').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('remembered_devices_user_idx').on(t.userId)],
)
