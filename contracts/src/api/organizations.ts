import { z } from 'zod'
import { plainText } from '../domain/text.js'
import { emailField } from './auth.js'
import { transferSchema } from './transfers.js'

/**
 * Organizations with central billing (issue 22 item 1; the contract agreed in team/org-contract.md).
 * Roles: `owner` (exactly one; everything), `admin` (members, invitations, branding, domains),
 * `billing` (billing contact, seats, invoices; sees usage), `member` (uses the plan).
 */
export const organizationRoles = ['owner', 'admin', 'billing', 'member'] as const
export type OrganizationRole = (typeof organizationRoles)[number]
export const organizationRole = z.enum(organizationRoles, { error: 'A role is owner, admin, billing or member.' })

/** The roles an invitation may give (ownership is handed over, never invited). */
export const invitableRoles = ['admin', 'billing', 'member'] as const
export type InvitableRole = (typeof invitableRoles)[number]
export const invitableRole = z.enum(invitableRoles, { error: 'A role is admin, billing or member.' })

/** Roles that see each member's usage. */
export const usageViewerRoles: readonly OrganizationRole[] = ['owner', 'admin', 'billing']

/** The web page an invitation email links to; the token rides in the fragment (`#token=…`). */
export const organizationJoinPagePath = '/organization/join'
/** How long an invitation can be accepted. */
export const invitationLifetimeDays = 7
export const organizationNameMaxLength = 100

const isoDate = z.iso.datetime({ offset: true })

export const organizationName = plainText(
  z
    .string()
    .trim()
    .min(1, 'Please give the organization a name.')
    .max(organizationNameMaxLength, `The name must be at most ${organizationNameMaxLength} characters.`),
  'The name',
  { shown: true },
)

/** An organization as its members see it. `seats` counts the members, the owner included. */
export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  plan: z.object({ id: z.string(), name: z.string() }),
  my_role: organizationRole,
  seats: z.int().positive(),
  billing_email: z.string(),
  created_at: isoDate,
})
export type Organization = z.infer<typeof organizationSchema>

/** POST /api/organizations */
export const organizationCreateRequest = z.object({ name: organizationName })
export type OrganizationCreateRequest = z.input<typeof organizationCreateRequest>

/** GET /api/organizations/current: the caller's organization, or null. */
export const currentOrganizationResponse = z.object({ organization: organizationSchema.nullable() })
export type CurrentOrganizationResponse = z.infer<typeof currentOrganizationResponse>

/** PATCH /api/organizations/{id}: name (owner, admin), billing_email (owner, billing). */
export const organizationUpdateRequest = z
  .object({ name: organizationName.optional(), billing_email: emailField.optional() })
  .refine((v) => v.name !== undefined || v.billing_email !== undefined, 'Nothing to change.')
export type OrganizationUpdateRequest = z.input<typeof organizationUpdateRequest>

/** A member's use of Ferry: live transfers, their bytes, and bytes sent this calendar month. */
export const memberUsageSchema = z.object({
  transfers: z.int().nonnegative(),
  bytes_stored: z.int().nonnegative(),
  monthly_bytes: z.int().nonnegative(),
})
export type MemberUsage = z.infer<typeof memberUsageSchema>

/** One member; `usage` is null unless the caller is owner, admin or billing. */
export const organizationMemberSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: organizationRole,
  joined_at: isoDate,
  usage: memberUsageSchema.nullable(),
})
export type OrganizationMember = z.infer<typeof organizationMemberSchema>
export const organizationMembersResponse = z.object({ members: z.array(organizationMemberSchema) })
export type OrganizationMembersResponse = z.infer<typeof organizationMembersResponse>

/** PATCH /api/organizations/{id}/members/{user_id} */
export const memberRoleUpdateRequest = z.object({ role: organizationRole })
export type MemberRoleUpdateRequest = z.input<typeof memberRoleUpdateRequest>

export const organizationInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: invitableRole,
  created_at: isoDate,
  expires_at: isoDate,
})
export type OrganizationInvitation = z.infer<typeof organizationInvitationSchema>
export const organizationInvitationsResponse = z.object({ invitations: z.array(organizationInvitationSchema) })
export type OrganizationInvitationsResponse = z.infer<typeof organizationInvitationsResponse>

/** POST /api/organizations/{id}/invitations */
export const invitationCreateRequest = z.object({ email: emailField, role: invitableRole })
export type InvitationCreateRequest = z.input<typeof invitationCreateRequest>

/** An invitation token: 32 random bytes, base64url (the server keeps only its hash). */
export const invitationToken = z
  .string()
  .min(20, 'This invitation link is not valid.')
  .max(200, 'This invitation link is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This invitation link is not valid.')

/** POST /api/organizations/invitations/inspect and …/accept */
export const invitationTokenRequest = z.object({ token: invitationToken })
export type InvitationTokenRequest = z.input<typeof invitationTokenRequest>

export const invitationInspectResponse = z.object({
  organization_name: z.string(),
  email: z.string(),
  role: invitableRole,
  inviter_name: z.string(),
})
export type InvitationInspectResponse = z.infer<typeof invitationInspectResponse>

export const invitationAcceptResponse = z.object({ organization_id: z.uuid() })
export type InvitationAcceptResponse = z.infer<typeof invitationAcceptResponse>

/** GET /api/organizations/{id}/transfers: the transfers the organization owns (left by removed members). */
export const organizationTransfersResponse = z.object({ transfers: z.array(transferSchema) })
export type OrganizationTransfersResponse = z.infer<typeof organizationTransfersResponse>

/** GET /api/organizations/{id}/billing: one subscription, one invoice, seats as its quantity. */
export const organizationBillingSchema = z.object({
  plan: z.object({ id: z.string(), name: z.string() }),
  interval: z.enum(['monthly', 'yearly']).nullable(),
  seats: z.int().positive(),
  /** The price of one seat per interval; null for a complimentary subscription. */
  seat_price_cents: z.int().nonnegative().nullable(),
  /** seats × seat price; null for a complimentary subscription. */
  amount_cents: z.int().nonnegative().nullable(),
  currency: z.string(),
  provider: z.enum(['stripe', 'test', 'complimentary']),
  status: z.enum(['TRIALING', 'ACTIVE', 'CANCELED', 'ENDED']),
  next_billing_date: isoDate.nullable(),
  billing_email: z.string(),
})
export type OrganizationBilling = z.infer<typeof organizationBillingSchema>

export const organizationIdParams = z.object({ id: z.uuid('Not an organization id.') })
export const organizationMemberParams = z.object({
  id: z.uuid('Not an organization id.'),
  user_id: z.uuid('Not a user id.'),
})
export const organizationInvitationParams = z.object({
  id: z.uuid('Not an organization id.'),
  invitation_id: z.uuid('Not an invitation id.'),
})
