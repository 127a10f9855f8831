import type { UserCurrentPlanResponse } from '@ferry/contracts/api/billing'
import type {
  InvitationInspectResponse,
  OrganizationBilling,
  OrganizationInvitationsResponse,
  OrganizationMember,
  OrganizationMembersResponse,
  OrganizationTransfersResponse,
} from '@ferry/contracts/api/organizations'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { subscriptions } from '../../db/schema/index.js'
import type { TestApp } from '../../testing/test-app.js'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, bearer, createTestClock } from '../auth/testing/auth-test-kit.js'
import { days, get, post } from '../billing/testing/billing-test-kit.js'
import {
  listTransfers,
  outbox,
  postTransfer,
  type Sender,
  share,
  signUp,
  uploadFiles,
} from '../transfers/testing/transfers-test-kit.js'
import { createTestOrganization, inviteByEmail, settleSeats } from './testing/organizations-test-kit.js'

const clock = createTestClock()

async function call<T = Record<string, unknown>>(
  app: TestApp,
  method: string,
  path: string,
  token: string,
  body?: unknown,
) {
  const res = await app.api(path, {
    method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { code?: string } }
}

async function sendTransfer(app: TestApp, sender: Sender) {
  const files = await uploadFiles(app, sender, [{ name: 'plan.txt', body: Buffer.from('quarterly plan') }])
  const res = await postTransfer(app, sender.token, { files, recipient_emails: ['rita@example.com'] })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.id as string, uniqueId: res.body.unique_id as string }
}

const quantityOf = async (app: TestApp, userId: string) => {
  const [row] = await app.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))
  return row
}

await forEachStack((getApp) => {
  describe('organization invitations', () => {
    it('invites by email (EN/ES), shows and accepts the invitation, and adds a seat to the test checkout subscription', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { plan: 'business' })
      const invitee = await signUp(app, 'FREE', 'Iris Invitee')
      const token = await inviteByEmail(app, org.id, org.owner.token, invitee.email, 'billing')
      const mail = (await outbox(app)).filter((m) => m.to.includes(invitee.email)).at(-1)!
      expect(mail.subject).toBe('Olga Owner invited you to Acme on Ferry')
      expect(mail.text).not.toContain(' hash')

      const pending = await get<OrganizationInvitationsResponse>(
        app,
        `/api/organizations/${org.id}/invitations`,
        org.owner.token,
      )
      expect(pending.body.invitations).toMatchObject([{ email: invitee.email, role: 'billing' }])
      const twice = await post(
        app,
        `/api/organizations/${org.id}/invitations`,
        { email: invitee.email, role: 'member' },
        org.owner.token,
      )
      expect(twice).toMatchObject({ status: 409, body: { code: 'invitation_pending' } })

      // The join page reads it before anyone signs in.
      const shown = await post<InvitationInspectResponse>(app, '/api/organizations/invitations/inspect', { token })
      expect(shown.body).toEqual({
        organization_name: 'Acme',
        email: invitee.email,
        role: 'billing',
        inviter_name: 'Olga Owner',
      })
      const unknown = await post(app, '/api/organizations/invitations/inspect', { token: 'x'.repeat(43) })
      expect(unknown).toMatchObject({ status: 404, body: { code: 'invitation_not_found' } })

      const stranger = await signUp(app, 'FREE')
      const mismatch = await post(app, '/api/organizations/invitations/accept', { token }, stranger.token)
      expect(mismatch).toMatchObject({ status: 403, body: { code: 'invitation_email_mismatch' } })
      expect((await post(app, '/api/organizations/invitations/accept', { token })).status).toBe(401)

      const accepted = await post(app, '/api/organizations/invitations/accept', { token }, invitee.token)
      expect(accepted).toEqual({ status: 200, body: { organization_id: org.id } })
      const plan = await get<UserCurrentPlanResponse>(app, '/api/user/subscription-level', invitee.token)
      expect(plan.body.plan).toMatchObject({ id: 'business', central_billing: true })
      const used = await post(app, '/api/organizations/invitations/accept', { token }, invitee.token)
      expect(used).toMatchObject({ status: 404, body: { code: 'invitation_not_found' } })
      const again = await post(
        app,
        `/api/organizations/${org.id}/invitations`,
        { email: invitee.email, role: 'member' },
        org.owner.token,
      )
      expect(again).toMatchObject({ status: 409, body: { code: 'already_member' } })

      await settleSeats(app)
      const business = await app.services.plans.findStored('business')
      expect(await quantityOf(app, org.owner.id)).toMatchObject({
        quantity: 2,
        amountCents: business!.priceMonthlyCents! * 2,
      })
      const billing = await get<OrganizationBilling>(app, `/api/organizations/${org.id}/billing`, invitee.token)
      expect(billing.body).toMatchObject({
        plan: { id: 'business' },
        interval: 'monthly',
        seats: 2,
        seat_price_cents: business!.priceMonthlyCents,
        amount_cents: business!.priceMonthlyCents! * 2,
        provider: 'test',
        billing_email: org.owner.email,
      })
    })

    it('refuses an invitation after 7 days (410) and one for a member of another organization (409)', async () => {
      const app = getApp()
      const org = await createTestOrganization(app)
      const other = await createTestOrganization(app, { roles: ['member'] })
      const busy = other.members[0]!
      const late = await signUp(app, 'FREE')
      const lateToken = await inviteByEmail(app, org.id, org.owner.token, late.email)
      const busyToken = await inviteByEmail(app, org.id, org.owner.token, busy.email)
      const taken = await post(app, '/api/organizations/invitations/accept', { token: busyToken }, busy.token)
      expect(taken).toMatchObject({ status: 409, body: { code: 'already_in_organization' } })
      clock.advance(days(7) + 1000)
      try {
        const fresh = await (await import('../billing/testing/billing-test-kit.js')).relogin(app, late.email)
        const expired = await post(app, '/api/organizations/invitations/accept', { token: lateToken }, fresh)
        expect(expired).toMatchObject({ status: 410, body: { code: 'invitation_expired' } })
        const inspected = await post(app, '/api/organizations/invitations/inspect', { token: lateToken })
        expect(inspected).toMatchObject({ status: 410, body: { code: 'invitation_expired' } })
      } finally {
        clock.reset()
      }
    })

    it('lets only owner and admin invite and revoke', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { roles: ['admin', 'member'] })
      const [admin, member] = org.members as unknown as [Sender, Sender]
      const byMember = await post(
        app,
        `/api/organizations/${org.id}/invitations`,
        { email: 'x@example.com', role: 'member' },
        member.token,
      )
      expect(byMember.status).toBe(403)
      const owner = await post(
        app,
        `/api/organizations/${org.id}/invitations`,
        { email: 'y@example.com', role: 'owner' },
        admin.token,
      )
      expect(owner.status).toBe(400)
      const made = await post<{ id: string }>(
        app,
        `/api/organizations/${org.id}/invitations`,
        { email: 'y@example.com', role: 'admin' },
        admin.token,
      )
      expect(made.status).toBe(201)
      expect(
        (await call(app, 'DELETE', `/api/organizations/${org.id}/invitations/${made.body.id}`, member.token)).status,
      ).toBe(403)
      expect(
        (await call(app, 'DELETE', `/api/organizations/${org.id}/invitations/${made.body.id}`, admin.token)).status,
      ).toBe(204)
      expect(
        (await get<OrganizationInvitationsResponse>(app, `/api/organizations/${org.id}/invitations`, org.owner.token))
          .body.invitations,
      ).toEqual([])
    })
  })

  describe('organization members', () => {
    it('lists members with usage for owner, admin and billing only', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { roles: ['member', 'billing'] })
      const [member, billing] = org.members as unknown as [Sender, Sender]
      await sendTransfer(app, member)
      const seen = await get<OrganizationMembersResponse>(app, `/api/organizations/${org.id}/members`, billing.token)
      expect(seen.body.members.map((m) => m.role)).toEqual(['owner', 'member', 'billing'])
      expect(seen.body.members.find((m) => m.user_id === member.id)!.usage).toEqual({
        transfers: 1,
        bytes_stored: 'quarterly plan'.length,
        monthly_bytes: 'quarterly plan'.length,
      })
      const plain = await get<OrganizationMembersResponse>(app, `/api/organizations/${org.id}/members`, member.token)
      expect(plain.body.members.every((m) => m.usage === null)).toBe(true)
    })

    it('changes roles, hands ownership over (the subscription follows), and refuses to leave no owner', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { roles: ['admin', 'member'] })
      const [admin, member] = org.members as unknown as [Sender, Sender]
      const path = (id: string) => `/api/organizations/${org.id}/members/${id}`
      expect((await call(app, 'PATCH', path(admin.id), member.token, { role: 'member' })).status).toBe(403)
      const demoteOwner = await call(app, 'PATCH', path(org.owner.id), admin.token, { role: 'member' })
      expect(demoteOwner).toMatchObject({ status: 409, body: { code: 'last_owner' } })
      const byAdmin = await call(app, 'PATCH', path(member.id), admin.token, { role: 'owner' })
      expect(byAdmin.status).toBe(403)
      const billing = await call<OrganizationMember>(app, 'PATCH', path(member.id), admin.token, { role: 'billing' })
      expect(billing.body).toMatchObject({ user_id: member.id, role: 'billing' })

      const handed = await call<OrganizationMember>(app, 'PATCH', path(admin.id), org.owner.token, { role: 'owner' })
      expect(handed).toMatchObject({ status: 200, body: { user_id: admin.id, role: 'owner' } })
      const members = await get<OrganizationMembersResponse>(app, `/api/organizations/${org.id}/members`, admin.token)
      expect(members.body.members.find((m) => m.user_id === org.owner.id)!.role).toBe('admin')
      expect((await quantityOf(app, admin.id))?.planId).toBe('business')
      for (const who of [org.owner, admin, member]) {
        const plan = await get<UserCurrentPlanResponse>(app, '/api/user/subscription-level', who.token)
        expect(plan.body.plan.id).toBe('business')
      }
      const leave = await call(app, 'DELETE', path(admin.id), admin.token)
      expect(leave).toMatchObject({ status: 409, body: { code: 'owner_cannot_leave' } })
    })

    it('removes a member: their transfers stay downloadable, move to the organization, and leave their list; a seat goes', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { roles: ['member', 'member'] })
      const [leaver, removed] = org.members as unknown as [Sender, Sender]
      const sent = await sendTransfer(app, removed)
      await settleSeats(app)
      expect((await quantityOf(app, org.owner.id))?.quantity).toBe(3)

      expect(
        (await call(app, 'DELETE', `/api/organizations/${org.id}/members/${removed.id}`, leaver.token)).status,
      ).toBe(403)
      expect(
        (await call(app, 'DELETE', `/api/organizations/${org.id}/members/${removed.id}`, org.owner.token)).status,
      ).toBe(204)
      expect(
        (await call(app, 'DELETE', `/api/organizations/${org.id}/members/${leaver.id}`, leaver.token)).status,
      ).toBe(204)

      expect((await share(app, sent.uniqueId)).status).toBe(200)
      const own = await listTransfers(app, removed.token)
      expect(own.body.items.map((t) => t.id)).not.toContain(sent.id)
      expect((await get(app, `/api/transfers/${sent.id}`, removed.token)).status).toBe(404)
      const listed = await get<OrganizationTransfersResponse>(
        app,
        `/api/organizations/${org.id}/transfers`,
        org.owner.token,
      )
      expect(listed.body.transfers.map((t) => t.id)).toEqual([sent.id])
      expect((await get(app, `/api/organizations/${org.id}/transfers`, removed.token)).status).toBe(404)

      const plan = await get<UserCurrentPlanResponse>(app, '/api/user/subscription-level', removed.token)
      expect(plan.body.plan.id).toBe('guest')
      expect((await get(app, `/api/organizations/${org.id}`, leaver.token)).status).toBe(404)
      await settleSeats(app)
      expect((await quantityOf(app, org.owner.id))?.quantity).toBe(1)
    })

    it('renames (owner, admin), sets the billing contact (owner, billing), and deletes (owner)', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { roles: ['admin', 'billing'] })
      const [admin, billing] = org.members as unknown as [Sender, Sender]
      const url = `/api/organizations/${org.id}`
      expect((await call(app, 'PATCH', url, billing.token, { name: 'Nope' })).status).toBe(403)
      expect((await call(app, 'PATCH', url, admin.token, { billing_email: 'ap@acme.test' })).status).toBe(403)
      expect((await call(app, 'PATCH', url, admin.token, { name: 'Acme Ltd' })).body).toMatchObject({
        name: 'Acme Ltd',
      })
      expect((await call(app, 'PATCH', url, billing.token, { billing_email: 'AP@acme.test' })).body).toMatchObject({
        billing_email: 'ap@acme.test',
      })
      expect((await call(app, 'DELETE', url, admin.token)).status).toBe(403)
      expect((await call(app, 'DELETE', url, org.owner.token)).status).toBe(204)
      const plan = await get<UserCurrentPlanResponse>(app, '/api/user/subscription-level', admin.token)
      expect(plan.body.plan.id).toBe('guest')
      expect((await get(app, '/api/organizations/current', org.owner.token)).body).toEqual({ organization: null })
    })
  })
}, authStacks({ clock }))
