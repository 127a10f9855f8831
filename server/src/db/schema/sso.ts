import { sql } from 'drizzle-orm'
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './organizations.js'
import { users } from './users.js'

/** One group of the provider's groups claim and the organization role its members get. */
export interface SsoRoleMappingRow {
  group: string
  role: 'admin' | 'billing' | 'member'
}

/**
 * An organization's own OpenID Connect provider (issue 23 item 3), one per organization. It serves
 * `email_domain`, which the organization proves by the TXT record `_ferry-sso.<domain>` =
 * `ferry-sso=<domain_token>`; until `domain_verified_at` is set, nobody signs in through it and
 * "SSO required" does not apply. The client secret is sealed (AES-256-GCM, the organization id as
 * associated data), never stored plain.
 */
export const ssoConnections = pgTable('sso_connections', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Lowercase ASCII, unique across Ferry. */
  emailDomain: text('email_domain').notNull().unique(),
  domainToken: text('domain_token').notNull(),
  domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** The ID token claim that lists the user's groups. */
  groupsClaim: text('groups_claim').notNull().default('groups'),
  /** Empty: everyone the provider signs in joins as member. Else only members of a listed group. */
  roleMapping: jsonb('role_mapping').$type<SsoRoleMappingRow[]>().notNull().default([]),
  ssoRequired: boolean('sso_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Which provider account is which Ferry account: the pair (issuer, sub) is the identity an OpenID
 * provider vouches for; the email is not (it can change and be reassigned).
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
)

/**
 * A sign-in under way: the state's SHA-256 as key, with the PKCE verifier and nonce, kept in the
 * database so any instance can finish it; deleted when the callback uses it (a state works once)
 * and swept once expired.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    /** 'operator', or the organization id of the connection. */
    connection: text('connection').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    language: text('language'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sso_flows_expires_idx').on(t.expiresAt),
    check('sso_flows_connection_check', sql`length(${t.connection}) > 0`),
  ],
)
