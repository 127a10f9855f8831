import { z } from 'zod'
import { languageSchema } from '../domain/languages.js'

/**
 * Single sign-on with OpenID Connect (issue 23 item 3): the operator's provider for the whole
 * service, and an organization's own provider for the email domain it proved by DNS TXT.
 */

/** The prefix of the TXT record's name that proves an email domain: `_ferry-sso.<domain>`. */
export const ssoDomainTxtPrefix = '_ferry-sso'

/** The roles a provider's group can map to (the owner is never given by a provider). */
export const ssoMappedRoles = ['admin', 'billing', 'member'] as const
export const ssoRoleMappingSchema = z.object({
  group: z.string().trim().min(1, 'Enter a group name.').max(200),
  role: z.enum(ssoMappedRoles),
})
export type SsoRoleMapping = z.infer<typeof ssoRoleMappingSchema>

/** GET /api/organizations/:id/sso: the organization's provider (without its secret), or null. */
export const ssoSettingsSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  /** Whether a secret is stored; the secret itself is never returned. */
  has_client_secret: z.boolean(),
  email_domain: z.string(),
  /** The TXT record that proves the domain: its name and exact value. */
  txt_name: z.string(),
  txt_value: z.string(),
  domain_verified_at: z.string().nullable(),
  groups_claim: z.string(),
  role_mapping: z.array(ssoRoleMappingSchema),
  sso_required: z.boolean(),
  /** Where the provider must send people back (register it with the provider). */
  redirect_uri: z.string(),
})
export type SsoSettings = z.infer<typeof ssoSettingsSchema>
export const ssoSettingsResponse = z.object({ sso: ssoSettingsSchema.nullable() })

/** PUT /api/organizations/:id/sso. `client_secret` may be left out to keep the stored one. */
export const ssoSettingsRequest = z.object({
  issuer: z.url('Enter the issuer URL, such as https://login.example.com.').max(500),
  client_id: z.string().trim().min(1, 'Enter the client ID.').max(300),
  client_secret: z.string().min(1).max(1000).optional(),
  email_domain: z.string().trim().min(3, 'Enter an email domain such as example.com.').max(253),
  groups_claim: z.string().trim().min(1).max(100).default('groups'),
  role_mapping: z.array(ssoRoleMappingSchema).max(50).default([]),
  sso_required: z.boolean().default(false),
})
export type SsoSettingsRequest = z.input<typeof ssoSettingsRequest>

export const ssoOrganizationParams = z.object({ id: z.uuid() })

/** GET /auth/sso/start: the operator's provider, or the one serving `email`'s domain. */
export const ssoStartQuery = z.object({
  email: z.email().max(320).optional(),
  language: languageSchema.optional(),
})

/** GET /auth/sso/callback: what the provider sends back (errors included). */
export const ssoCallbackQuery = z
  .object({ code: z.string().max(4096).optional(), state: z.string().max(512).optional() })
  .catchall(z.string().max(4096))

/** GET /auth/sso/discover?email=: whether that address signs in with single sign-on. */
export const ssoDiscoverQuery = z.object({ email: z.email().max(320) })
export const ssoDiscoverResponse = z.object({
  /** Its domain has a verified organization provider. */
  sso: z.boolean(),
  /** And its password sign-in is off ("SSO required"). */
  required: z.boolean(),
})
export type SsoDiscoverResponse = z.infer<typeof ssoDiscoverResponse>
