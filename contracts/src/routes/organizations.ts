import {
  currentOrganizationResponse,
  invitationAcceptResponse,
  invitationCreateRequest,
  invitationInspectResponse,
  invitationTokenRequest,
  memberRoleUpdateRequest,
  organizationBillingSchema,
  organizationCreateRequest,
  organizationIdParams,
  organizationInvitationParams,
  organizationInvitationSchema,
  organizationInvitationsResponse,
  organizationMemberParams,
  organizationMemberSchema,
  organizationMembersResponse,
  organizationSchema,
  organizationTransfersResponse,
  organizationUpdateRequest,
} from '../api/organizations.js'
import { defineRoutes } from './route.js'

/**
 * Organizations with central billing (issue 22 item 1). Every route needs a session; a caller who
 * is not a member of the organization gets 404 `not_found` for its id. No API-key scope: keys
 * cannot manage organizations.
 */
export const organizationsApi = defineRoutes('organizations', {
  create: {
    method: 'POST',
    path: '/api/organizations',
    access: 'user',
    planFeature: 'central_billing',
    summary: "Makes an organization owned by the caller, billed through the caller's subscription",
    description:
      "The caller's plan must have `central_billing` (Business, Enterprise): 403 `plan_feature_missing` otherwise. " +
      "A user belongs to at most one organization: 409 `already_in_organization`. Members get the organization's " +
      "plan (the owner's live subscription) while they belong to it; each member is a seat of that subscription.",
    body: organizationCreateRequest,
    responses: { 201: organizationSchema },
  },
  current: {
    method: 'GET',
    path: '/api/organizations/current',
    access: 'user',
    summary: "The caller's organization, or null",
    responses: { 200: currentOrganizationResponse },
  },
  get: {
    method: 'GET',
    path: '/api/organizations/:id',
    access: 'user',
    summary: 'An organization the caller belongs to (404 for others)',
    params: organizationIdParams,
    responses: { 200: organizationSchema },
  },
  update: {
    method: 'PATCH',
    path: '/api/organizations/:id',
    access: 'user',
    summary: 'Renames the organization (owner, admin) or sets its billing contact (owner, billing)',
    params: organizationIdParams,
    body: organizationUpdateRequest,
    responses: { 200: organizationSchema },
  },
  delete: {
    method: 'DELETE',
    path: '/api/organizations/:id',
    access: 'user',
    summary: 'Deletes the organization (owner only); its members go back to their own plans',
    description: 'Transfers the organization owns (left by removed members) go back to the owner. Seats drop to one.',
    params: organizationIdParams,
    responses: { 204: null },
  },
  members: {
    method: 'GET',
    path: '/api/organizations/:id/members',
    access: 'user',
    summary: 'The members with their roles; usage per member for owner, admin and billing',
    description:
      "`usage` counts the member's live transfers, their bytes, and the bytes sent this calendar month (UTC); null " +
      'for callers who are neither owner, admin nor billing.',
    params: organizationIdParams,
    responses: { 200: organizationMembersResponse },
  },
  updateMember: {
    method: 'PATCH',
    path: '/api/organizations/:id/members/:user_id',
    access: 'user',
    summary: "Changes a member's role (owner, admin); giving `owner` hands ownership over (owner only)",
    description:
      "Handing over makes the old owner `admin`, and the new owner's subscription carries the seats from then " +
      '(see the billing route). 409 `last_owner` when the change would leave no owner.',
    params: organizationMemberParams,
    body: memberRoleUpdateRequest,
    responses: { 200: organizationMemberSchema },
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/organizations/:id/members/:user_id',
    access: 'user',
    summary: 'Removes a member (owner, admin) or leaves (any member, for themself)',
    description:
      "The owner cannot leave (409 `owner_cannot_leave`; hand ownership over first). The member's transfers stay " +
      'reachable to recipients until they expire, and belong to the organization from now on (its transfers ' +
      'route lists them); the member no longer sees them. The subscription loses a seat.',
    params: organizationMemberParams,
    responses: { 204: null },
  },
  transfers: {
    method: 'GET',
    path: '/api/organizations/:id/transfers',
    access: 'user',
    summary: 'The transfers the organization owns (left by removed members), newest first (owner, admin)',
    params: organizationIdParams,
    responses: { 200: organizationTransfersResponse },
  },
  invitations: {
    method: 'GET',
    path: '/api/organizations/:id/invitations',
    access: 'user',
    summary: 'Pending invitations (owner, admin)',
    params: organizationIdParams,
    responses: { 200: organizationInvitationsResponse },
  },
  invite: {
    method: 'POST',
    path: '/api/organizations/:id/invitations',
    access: 'user',
    summary: 'Invites an address as admin, billing or member (owner, admin); emails a link valid 7 days',
    description:
      'The link is `/organization/join#token=…`; Ferry keeps only a hash of the token. 409 `already_member`, 409 ' +
      '`invitation_pending`; 429 after too many invitations from one organization in an hour.',
    params: organizationIdParams,
    body: invitationCreateRequest,
    responses: { 201: organizationInvitationSchema },
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/api/organizations/:id/invitations/:invitation_id',
    access: 'user',
    summary: 'Revokes a pending invitation (owner, admin)',
    params: organizationInvitationParams,
    responses: { 204: null },
  },
  inspectInvitation: {
    method: 'POST',
    path: '/api/organizations/invitations/inspect',
    // Public so the join page can show the invitation before the invitee signs in or signs up.
    access: 'public',
    summary: 'What an invitation offers: organization, invited address, role, inviter',
    description:
      '404 `invitation_not_found`, 410 `invitation_expired` (after 7 days). Limited per client address before ' +
      'the token is looked up.',
    body: invitationTokenRequest,
    responses: { 200: invitationInspectResponse },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/organizations/invitations/accept',
    access: 'user',
    summary: 'Joins the organization with an invitation sent to the signed-in address',
    description:
      '403 `invitation_email_mismatch` when the signed-in address is not the invited one; 409 ' +
      '`already_in_organization`. The subscription gains a seat.',
    body: invitationTokenRequest,
    responses: { 200: invitationAcceptResponse },
  },
  billing: {
    method: 'GET',
    path: '/api/organizations/:id/billing',
    access: 'user',
    summary: "The organization's one subscription: plan, seats × seat price, next date, billing contact",
    description:
      "Seats are the subscription quantity: with Stripe, each join or leave updates the subscription item's " +
      '`quantity` with proration (through the job queue, retried if Stripe is unavailable); the built-in test ' +
      'checkout records the same quantity and amount. Owner, admin and billing.',
    params: organizationIdParams,
    responses: { 200: organizationBillingSchema },
  },
})
