import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

/**
 * API keys (issue 20 item 2). Only an HMAC-SHA256 of the key is kept (keyed with the generated
 * `api-key` secret): keys are 256 random bits, so a fast keyed hash is enough and the lookup is
 * one indexed equality. `prefix` is the key's first characters, to tell keys apart in the list.
 * A revoked key's row is deleted, so the next lookup of it finds nothing, on every instance.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId, t.createdAt)],
)
