import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * SSH public keys on a profile (issue 20 item 1): each opens the SFTP login of any of its user's
 * transfers instead of the transfer's password. `public_key` is the key's wire form (base64 of
 * the SSH blob) the client offers, so a login is one equality; a removed key's row is deleted,
 * so every instance refuses it at the next login or check.
 */
export const sshKeys = pgTable(
  'ssh_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    publicKey: text('public_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [unique('ssh_keys_user_key_unique').on(t.userId, t.publicKey), index('ssh_keys_user_id_idx').on(t.userId)],
)
