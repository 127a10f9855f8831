import type { TestCheckoutSession } from '@ferry/contracts/api/billing'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, createTestClock } from '../auth/testing/auth-test-kit.js'
import { postTransfer, setExpiry, signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import { billingState, days, get, post } from './testing/billing-test-kit.js'

const clock = createTestClock()

await forEachStack((getApp) => {
  describe('recovery payment (test checkout)', () => {
    it("charges the plan's single_transfer_price and confirms only a paid session of that transfer", async () => {
      const app = getApp()
      const owner = await signUp(app, 'PREMIUM')
      const stranger = await signUp(app, 'PREMIUM')
      const guest = await signUp(app, 'FREE')
      const newTransfer = async (who: typeof owner) => {
        const files = await uploadFiles(app, who, [{ name: 'r.txt', body: Buffer.from('recover me') }])
        const created = await postTransfer(app, who.token, {
          files,
          recipient_emails: ['r@example.com'],
          title: 'Quarterly figures',
        })
        expect(created.status).toBe(201)
        return String(created.body.id)
      }
      const expire = (id: string) =>
        setExpiry(app, id, new Date(clock.now().getTime() - days(1)), new Date(clock.now().getTime() + days(6)))
      const transferId = await newTransfer(owner)
      const active = await newTransfer(owner)
      const guestTransfer = await newTransfer(guest)
      await expire(transferId)
      await expire(guestTransfer)
      const checkoutFor = (id: string, token: string) => post(app, `/api/transfers/${id}/recovery-checkout`, {}, token)

      expect(await checkoutFor(active, owner.token)).toMatchObject({
        status: 409,
        body: { code: 'transfer_not_recoverable' },
      })
      expect(await checkoutFor(guestTransfer, guest.token)).toMatchObject({
        status: 409,
        body: { code: 'transfer_not_recoverable' },
      })
      expect((await checkoutFor(transferId, stranger.token)).status).toBe(404)
      expect((await checkoutFor('not-a-uuid', owner.token)).status).toBe(404)

      const started = await checkoutFor(transferId, owner.token)
      expect(started.status, JSON.stringify(started.body)).toBe(200)
      const sessionId = String(started.body.session_id)
      const view = await get<TestCheckoutSession>(app, `/api/checkout/test/${sessionId}`, owner.token)
      // The transfer is named by its title (walk 9.8).
      expect(view.body).toMatchObject({
        kind: 'recovery',
        amount: 4.99,
        interval: null,
        transfer_id: transferId,
        transfer_title: 'Quarterly figures',
      })
      const confirm = (id: string, body: unknown, token = owner.token) =>
        post(app, `/api/transfers/${id}/confirm-recovery-payment`, body, token)
      expect(await confirm(transferId, { session_id: sessionId })).toMatchObject({
        status: 409,
        body: { code: 'recovery_payment_incomplete' },
      })

      const done = await post(app, `/api/checkout/test/${sessionId}/complete`, undefined, owner.token)
      expect(done.body.redirect_url).toBe(
        `${app.url}/recovery-success?transfer_id=${transferId}&session_id=${sessionId}`,
      )
      const ok = await confirm(transferId, { session_id: sessionId })
      expect(ok.status, JSON.stringify(ok.body)).toBe(200)
      expect(ok.body.transfer_id).toBe(transferId)
      expect(new Date(String(ok.body.expires_at)).getTime() - clock.now().getTime()).toBeGreaterThan(days(7) - 60_000)
      expect(await confirm(transferId, { session_id: sessionId })).toEqual(ok)
      expect((await confirm(active, { session_id: sessionId })).status).toBe(404)
      expect((await confirm(transferId, { session_id: sessionId }, stranger.token)).status).toBe(404)
      expect((await confirm(transferId, { session_id: 'cs_test_unknown' })).status).toBe(404)
      expect((await confirm(transferId, {})).status).toBe(400)
      expect((await billingState(app, owner.id)).payments.map((p) => p.amountCents)).toEqual([499])
    })
  })

  describe('POST /api/billing/webhook without Stripe', () => {
    it('answers 404: card payments are not configured', async () => {
      const res = await getApp().api('/api/billing/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        body: '{}',
      })
      expect(res.status).toBe(404)
    })
  })
}, authStacks({ clock }))
