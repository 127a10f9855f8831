import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.js'

export type OrganizationRoleValue = 'owner' | 'admin' | 'billing' | 'member'

/**
 * Organizations with central billing (issue 22 item 1). The plan of every member is the plan of
 * the owner's live subscription, whose quantity is the number of members (seats). The owner is the
 * member whose role is 'owner' (exactly one, by a unique index).
 */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The one billing contact: where invoices and billing notices go. */
  billingEmail: text('billing_email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Who belongs to which organization: a user belongs to at most one (primary key on the user). */
export const organizationMembers = pgTable(
  'organization_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganizationRoleValue>().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organization_members_org_idx').on(t.organizationId, t.joinedAt),
    uniqueIndex('organization_members_one_owner_idx').on(t.organizationId).where(sql`${t.role} = 'owner'`),
    check('organization_members_role_check', sql`${t.role} in ('owner', 'admin', 'billing', 'member')`),
  ],
)

/**
 * Pending invitations by email. Only the SHA-256 of the token is stored; a row is deleted when it
 * is accepted or revoked. One pending invitation per address and organization.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Normalised (trimmed, lower case). */
    email: text('email').notNull(),
    role: text('role').$type<Exclude<OrganizationRoleValue, 'owner'>>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('organization_invitations_org_email_idx').on(t.organizationId, t.email),
    check('organization_invitations_role_check', sql`${t.role} in ('admin', 'billing', 'member')`),
  ],
)
