import type { TestCheckoutSession } from '@ferry/contracts/api/billing'
import type { AdminReferral, Referral, ReferralList } from '@ferry/contracts/api/referrals'
import { describe, expect, it } from 'vitest'
import { referrals } from '../../db/schema/index.js'
import { expectPageBounds, expectStableWalk, getPage } from '../../testing/page-walk.js'
import { forEachStack, testStacks } from '../../testing/test-app.js'
import { authStacks, createTestClock } from '../auth/testing/auth-test-kit.js'
import { createSubscriptionSweeper } from '../billing/billing.jobs.js'
import {
  buyWithTestCheckout,
  checkoutBody,
  createReferral,
  days,
  get,
  getItems,
  post,
  relogin,
  startCheckout,
} from '../billing/testing/billing-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { createPayoutSweeper } from './referrals.jobs.js'

const clock = createTestClock()
const pglite = authStacks({ clock }).filter((s) => s.name === testStacks[0]!.name)

await forEachStack((getApp) => {
  const redeem = (token: string, userId: string, code: string) =>
    post(getApp(), '/api/referrals/redeem', { referral_code: code, user_id: userId }, token)

  describe('GET /api/referrals/invitations/{code} (issue 17 item 6)', () => {
    it('tells a referred visitor who invites them and the trial, until the code has served', async () => {
      const app = getApp()
      const inviter = await signUp(app, 'PREMIUM', 'Bob Inviter')
      const code = (await createReferral(app, inviter.token, inviter.id)).invite_code
      // Public (no session), trimmed and in any case; the inviter's name only, never the email.
      const seen = await get(app, `/api/referrals/invitations/${encodeURIComponent(` ${code.toLowerCase()} `)}`)
      expect(seen).toEqual({
        status: 200,
        body: { referral_code: code, inviter_name: 'Bob Inviter', trial_days: 30 },
      })
      expect(await get(app, '/api/referrals/invitations/BOGUS123')).toMatchObject({
        status: 404,
        body: { code: 'referral_code_invalid' },
      })
      const invitee = await signUp(app, 'FREE')
      expect((await redeem(invitee.token, invitee.id, code)).status).toBe(200)
      expect(await get(app, `/api/referrals/invitations/${code}`)).toMatchObject({
        status: 409,
        body: { code: 'referral_code_used' },
      })
    })

    it('refuses an invalid code at checkout instead of ignoring it', async () => {
      const app = getApp()
      const buyer = await signUp(app, 'FREE')
      const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { referral_code: 'BOGUS123' }))
      expect(started).toMatchObject({ status: 404, body: { code: 'referral_code_invalid' } })
    })
  })

  describe('pages of the referral lists (security review L-10)', () => {
    it('walks a user’s codes in pages while one is created mid-walk; others get 403 with or without a cursor', async () => {
      const app = getApp()
      const pro = await signUp(app, 'PREMIUM')
      const other = await signUp(app, 'PREMIUM')
      const admin = await signUp(app, 'ADMIN')
      const add = async () => {
        clock.advance(1)
        await createReferral(app, pro.token, pro.id)
      }
      for (let i = 0; i < 3; i++) await add()
      const path = `/api/referrals/user/${pro.id}`
      await expectStableWalk({ app, path, token: pro.token, add })
      await expectPageBounds(app, path, pro.token)
      const first = await getPage(app, path, pro.token, { limit: '1' })
      expect((await getPage(app, path, other.token, { cursor: first.body.next_cursor! })).status).toBe(403)
      expect((await getPage(app, path, admin.token, { limit: '100' })).body.total).toBe(4)
    })

    it('walks the admin payouts in pages, with the status filter', async () => {
      const app = getApp()
      const admin = await signUp(app, 'ADMIN')
      const inviter = await signUp(app, 'PREMIUM')
      const add = async () => {
        clock.advance(1)
        await app.deps.database.db.insert(referrals).values({
          inviteCode: `PG${crypto.randomUUID().slice(0, 8)}`,
          inviterUserId: inviter.id,
          payoutStatus: 'APPROVED',
          payoutAmountCents: 100,
          createdAt: clock.now(),
        })
        clock.advance(1)
      }
      for (let i = 0; i < 3; i++) await add()
      await expectStableWalk({ app, path: '/api/admin/referrals?payout_status=APPROVED', token: admin.token, add })
      await expectPageBounds(app, '/api/admin/referrals?payout_status=APPROVED', admin.token)
      const all = await getPage(app, '/api/admin/referrals', admin.token, { limit: '100' })
      expect(all.status).toBe(200)
      expect(all.body.items.every((r) => r.payout_status !== null)).toBe(true)
      expect((await getPage(app, '/api/admin/referrals', inviter.token)).status).toBe(403)
    })
  })

  describe('referral codes', () => {
    it('only plans with payouts generate codes, for the caller only', async () => {
      const app = getApp()
      const free = await signUp(app, 'FREE')
      const pro = await signUp(app, 'PREMIUM')
      const refused = await post(app, '/api/referrals', { inviter_user_id: free.id }, free.token)
      expect(refused).toMatchObject({ status: 403, body: { code: 'referral_payouts_not_allowed' } })
      const forOther = await post(app, '/api/referrals', { inviter_user_id: free.id }, pro.token)
      expect(forOther).toMatchObject({ status: 403, body: { code: 'referral_other_user' } })
      expect((await post(app, '/api/referrals', { inviter_user_id: pro.id })).status).toBe(401)

      const created = await createReferral(app, pro.token, pro.id)
      expect(created).toMatchObject({
        inviter_user_id: pro.id,
        invited_user_id: null,
        payout_amount: 0,
        payout_status: null,
        conversion_date: null,
      })
      expect(created.invite_code).toMatch(/^[A-Z2-9]{10}$/)
      const second = await createReferral(app, pro.token, pro.id)
      expect(second.invite_code).not.toBe(created.invite_code)

      const mine = await getItems<Referral>(app, `/api/referrals/user/${pro.id}`, pro.token)
      expect(mine.body.map((r) => r.id).sort()).toEqual([created.id, second.id].sort())
      expect((await get(app, `/api/referrals/user/${pro.id}`, free.token)).status).toBe(403)
      const admin = await signUp(app, 'ADMIN')
      expect((await get<ReferralList>(app, `/api/referrals/user/${pro.id}`, admin.token)).body.items).toHaveLength(2)
      expect((await get<ReferralList>(app, `/api/referrals/user/${free.id}`, free.token)).body.items).toEqual([])
      expect((await get(app, '/api/referrals/user/not-a-uuid', admin.token)).status).toBe(400)
    })

    it('redeems a trimmed code once; unknown, own, used and second codes are refused', async () => {
      const app = getApp()
      const inviter = await signUp(app, 'PREMIUM')
      const a = (await createReferral(app, inviter.token, inviter.id)).invite_code
      const b = (await createReferral(app, inviter.token, inviter.id)).invite_code
      const invitee = await signUp(app, 'FREE')
      const late = await signUp(app, 'FREE')

      expect(await redeem(invitee.token, invitee.id, '   ')).toMatchObject({
        status: 400,
        body: { code: 'referral_code_required' },
      })
      expect(await redeem(invitee.token, invitee.id, 'NOPE')).toMatchObject({
        status: 404,
        body: { code: 'referral_code_invalid' },
      })
      expect(await redeem(inviter.token, inviter.id, a)).toMatchObject({
        status: 400,
        body: { code: 'referral_code_own' },
      })
      expect(await redeem(invitee.token, late.id, a)).toMatchObject({
        status: 403,
        body: { code: 'referral_other_user' },
      })

      const ok = await redeem(invitee.token, invitee.id, `  ${a.toLowerCase()} `)
      expect(ok).toEqual({ status: 200, body: { referral_code: a, trial_days: 30 } })
      expect((await redeem(invitee.token, invitee.id, a)).status).toBe(200) // the same again: no change
      expect(await redeem(late.token, late.id, a)).toMatchObject({ status: 409, body: { code: 'referral_code_used' } })
      expect(await redeem(invitee.token, invitee.id, b)).toMatchObject({
        status: 409,
        body: { code: 'referral_already_redeemed' },
      })
      const list = (await get<ReferralList>(app, `/api/referrals/user/${inviter.id}`, inviter.token)).body.items
      expect(list.find((r) => r.invite_code === a)).toMatchObject({ invited_user_id: invitee.id, payout_status: null })
      expect(list.find((r) => r.invite_code === b)).toMatchObject({ invited_user_id: null })

      // The redeemed code's 30-day trial applies to the invitee's next checkout, even without the code.
      const started = await startCheckout(app, invitee.token, checkoutBody(invitee.id, { interval: 'monthly' }))
      const view = await get<TestCheckoutSession>(app, `/api/checkout/test/${started.body.session_id}`, invitee.token)
      expect(view.body).toMatchObject({ trial_days: 30, referral_code: a })
    })
  })

  describe('payouts', () => {
    it('PENDING on a yearly purchase, APPROVED after the first paid year, PAID by an admin', async () => {
      const app = getApp()
      const payouts = createPayoutSweeper(app.deps)
      const subscriptionsJob = createSubscriptionSweeper(app.deps)
      const inviter = await signUp(app, 'PREMIUM')
      const admin = await signUp(app, 'ADMIN')
      const code = (await createReferral(app, inviter.token, inviter.id)).invite_code
      const monthly = await signUp(app, 'FREE')
      const monthlyCode = (await createReferral(app, inviter.token, inviter.id)).invite_code
      await buyWithTestCheckout(
        app,
        monthly.token,
        checkoutBody(monthly.id, { interval: 'monthly', referral_code: monthlyCode }),
      )
      const invitee = await signUp(app, 'FREE')
      await buyWithTestCheckout(
        app,
        invitee.token,
        checkoutBody(invitee.id, { plan_id: 'business', referral_code: code }),
      )

      const referralOf = async (c: string) =>
        (await get<ReferralList>(app, `/api/referrals/user/${inviter.id}`, inviter.token)).body.items.find(
          (r) => r.invite_code === c,
        )!
      // A monthly plan converts the referral but earns no payout.
      expect(await referralOf(monthlyCode)).toMatchObject({
        invited_user_id: monthly.id,
        payout_status: null,
        payout_amount: 0,
      })
      expect((await referralOf(monthlyCode)).conversion_date).not.toBeNull()
      const pending = await referralOf(code)
      expect(pending).toMatchObject({ payout_status: 'PENDING', payout_amount: 60 })

      const list = await getItems<AdminReferral>(app, '/api/admin/referrals?payout_status=PENDING', admin.token)
      expect(list.body.find((r) => r.id === pending.id)).toMatchObject({
        inviter_email: inviter.email,
        invited_email: invitee.email,
      })
      expect((await get(app, '/api/admin/referrals', inviter.token)).status).toBe(403)
      expect(
        (await post(app, `/api/admin/referrals/${pending.id}/mark-paid`, undefined, admin.token)).body,
      ).toMatchObject({
        code: 'payout_transition_invalid',
      })

      const due = new Date(pending.payout_due_date!).getTime()
      clock.advance(due - clock.now().getTime() - days(1))
      await subscriptionsJob.sweep() // the year's charge at the trial end
      expect(await payouts.sweep()).toMatchObject({ approved: 0 })
      clock.advance(days(2))
      await payouts.sweep()
      inviter.token = await relogin(app, inviter.email)
      admin.token = await relogin(app, admin.email)
      expect(await referralOf(code)).toMatchObject({ payout_status: 'APPROVED', payout_amount: 60 })

      expect((await post(app, `/api/admin/referrals/${pending.id}/approve`, undefined, admin.token)).status).toBe(409)
      expect((await post(app, `/api/admin/referrals/${pending.id}/mark-paid`, undefined, inviter.token)).status).toBe(
        403,
      )
      const paid = await post<AdminReferral>(
        app,
        `/api/admin/referrals/${pending.id}/mark-paid`,
        undefined,
        admin.token,
      )
      expect(paid).toMatchObject({ status: 200, body: { payout_status: 'PAID' } })
      expect((await post(app, `/api/admin/referrals/${pending.id}/cancel`, undefined, admin.token)).status).toBe(409)
      expect(
        (await post(app, `/api/admin/referrals/${crypto.randomUUID()}/cancel`, undefined, admin.token)).status,
      ).toBe(404)
    })

    it('no payout when the inviter is no longer on a plan with payouts', async () => {
      const app = getApp()
      const inviter = await signUp(app, 'PREMIUM')
      const admin = await signUp(app, 'ADMIN')
      const code = (await createReferral(app, inviter.token, inviter.id)).invite_code
      const downgrade = await post(
        app,
        '/api/billing/subscriptions',
        { user_id: inviter.id, plan_id: 'guest' },
        admin.token,
      )
      expect(downgrade.status).toBe(201)
      const invitee = await signUp(app, 'FREE')
      await buyWithTestCheckout(app, invitee.token, checkoutBody(invitee.id, { referral_code: code }))
      const [referral] = (await get<ReferralList>(app, `/api/referrals/user/${inviter.id}`, inviter.token)).body.items
      expect(referral).toMatchObject({ invited_user_id: invitee.id, payout_status: null, payout_amount: 0 })
      expect(referral!.conversion_date).not.toBeNull()
    })

    it('CANCELLED when the invitee leaves during the trial; admins may approve early or cancel', async () => {
      const app = getApp()
      const subscriptionsJob = createSubscriptionSweeper(app.deps)
      const inviter = await signUp(app, 'PREMIUM')
      const admin = await signUp(app, 'ADMIN')
      const leaver = await signUp(app, 'FREE')
      const leaverCode = (await createReferral(app, inviter.token, inviter.id)).invite_code
      await buyWithTestCheckout(app, leaver.token, checkoutBody(leaver.id, { referral_code: leaverCode }))
      const stayer = await signUp(app, 'FREE')
      const stayerCode = (await createReferral(app, inviter.token, inviter.id)).invite_code
      await buyWithTestCheckout(app, stayer.token, checkoutBody(stayer.id, { referral_code: stayerCode }))

      expect((await post(app, '/api/billing/subscription/cancel', undefined, leaver.token)).status).toBe(200)
      clock.advance(days(31))
      await subscriptionsJob.sweep()
      inviter.token = await relogin(app, inviter.email)
      admin.token = await relogin(app, admin.email)
      const list = (await get<ReferralList>(app, `/api/referrals/user/${inviter.id}`, inviter.token)).body.items
      const left = list.find((r) => r.invite_code === leaverCode)!
      const stays = list.find((r) => r.invite_code === stayerCode)!
      expect(left.payout_status).toBe('CANCELLED')
      expect(stays.payout_status).toBe('PENDING')

      const approved = await post<AdminReferral>(
        app,
        `/api/admin/referrals/${stays.id}/approve`,
        undefined,
        admin.token,
      )
      expect(approved).toMatchObject({ status: 200, body: { payout_status: 'APPROVED' } })
      const cancelled = await post<AdminReferral>(
        app,
        `/api/admin/referrals/${stays.id}/cancel`,
        undefined,
        admin.token,
      )
      expect(cancelled).toMatchObject({ status: 200, body: { payout_status: 'CANCELLED' } })
    })
  })
}, pglite)
