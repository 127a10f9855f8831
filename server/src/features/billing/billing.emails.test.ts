import type { Subscription } from '@ferry/contracts/api/billing'
import { describe, expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { client } from '../admin/testing/admin-test-kit.js'
import { authStacks, createTestClock } from '../auth/testing/auth-test-kit.js'
import { outbox, type Sender, signUp } from '../transfers/testing/transfers-test-kit.js'
import { buyWithTestCheckout, checkoutBody, post } from './testing/billing-test-kit.js'

const clock = createTestClock()

/** The emails `to` received after `before` of the outbox's messages. */
async function mailsTo(app: TestApp, to: Sender, before = 0) {
  return (await outbox(app)).slice(before).filter((mail) => mail.to.includes(to.email))
}

await forEachStack((getApp) => {
  describe('billing emails (issue 17 items 6 and 8)', () => {
    it('confirm a trial with the date of the first charge, then the cancellation, in English', async () => {
      const app = getApp()
      const buyer = await signUp(app, 'FREE', 'Tess Trial')
      const before = (await outbox(app)).length
      await buyWithTestCheckout(app, buyer.token, checkoutBody(buyer.id))
      const plan = (
        await client(app.api, buyer.token).get<{ subscription: Subscription }>('/api/user/subscription-level')
      ).body.subscription
      const firstCharge = new Date(plan.trial_end!).toLocaleDateString('en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      })

      const [trial] = await mailsTo(app, buyer, before)
      expect(trial?.subject).toBe('Your free trial of Ferry Pro has started')
      expect(trial!.text).toContain('Hello Tess Trial,')
      expect(trial!.text).toContain(`Your first charge of €99.00 will be on ${firstCharge}`)
      expect(trial!.html).toContain('Manage your subscription</a>')
      expect(trial!.links).toContain(`${app.deps.config.publicUrl}/profile`)

      const afterTrial = (await outbox(app)).length
      const canceled = await post<Subscription>(app, '/api/billing/subscription/cancel', undefined, buyer.token)
      expect(canceled.status).toBe(200)
      const [cancel] = await mailsTo(app, buyer, afterTrial)
      expect(cancel?.subject).toBe('Your Ferry Pro subscription is cancelled')
      expect(cancel!.text).toContain(
        `You keep Pro until ${firstCharge}; after that your account returns to the Free plan.`,
      )
      expect(cancel!.html).toContain('Resume or review your plan</a>')
    })

    it('confirm a paid subscription (no trial left) in Spanish, with the price and the next charge', async () => {
      const app = getApp()
      const buyer = await signUp(app, 'FREE', 'Lucía <b>Pérez</b>')
      expect((await client(app.api, buyer.token).put('/api/users/me/language', { language: 'es' })).status).toBe(200)
      // The first subscription used the trial; the second is charged at once.
      await buyWithTestCheckout(app, buyer.token, checkoutBody(buyer.id))
      const before = (await outbox(app)).length
      await buyWithTestCheckout(app, buyer.token, checkoutBody(buyer.id, { plan_id: 'business', interval: 'monthly' }))
      const plan = (
        await client(app.api, buyer.token).get<{ subscription: Subscription }>('/api/user/subscription-level')
      ).body.subscription
      const next = new Date(plan.next_billing_date!).toLocaleDateString('es-ES', { dateStyle: 'long', timeZone: 'UTC' })

      const [started] = await mailsTo(app, buyer, before)
      expect(started?.subject).toBe('Tu suscripción a Ferry Empresas está activa')
      expect(started!.text).toContain('Hola, Lucía <b>Pérez</b>:')
      expect(started!.text).toContain(`Pagas 15,00\u00a0€ al mes. El próximo cargo será el ${next}.`)
      // Everything the account wrote is escaped in the HTML version.
      expect(started!.html).toContain('Lucía &lt;b&gt;Pérez&lt;/b&gt;')
      expect(started!.html).not.toContain('<b>Pérez')
      expect(started!.html).toContain('lang="es"')
    })
  })
}, authStacks({ clock }))
