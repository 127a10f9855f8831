import type { AdminPlan, Plan } from '@ferry/contracts/api/plans'
import { describe, expect, it } from 'vitest'
import { forEachStack, testStacks } from '../../testing/test-app.js'
import { authStacks, bearer } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'

await forEachStack(
  (getApp) => {
    const put = async (id: string, body: unknown, token?: string) => {
      const res = await getApp().api(`/api/admin/plans/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as AdminPlan & { code?: string } }
    }

    describe('PUT /api/admin/plans/{id}', () => {
      it('lets admins change a plan (euros stored as cents); the change applies at once', async () => {
        const app = getApp()
        const admin = await signUp(app, 'ADMIN')
        const user = await signUp(app, 'FREE')
        expect((await put('pro', { price_monthly: 12.5 }, user.token)).status).toBe(403)
        expect((await put('pro', { price_monthly: 12.5 })).status).toBe(401)
        expect((await put('nope', { price_monthly: 12.5 }, admin.token)).status).toBe(404)
        expect((await put('pro', {}, admin.token)).status).toBe(400)
        expect((await put('pro', { max_recipients: 0 }, admin.token)).status).toBe(400)

        const before = (await (await app.api('/api/plans/pro')).json()) as Plan
        const changed = await put('pro', { price_monthly: 12.5, max_recipients: 7, notes: 'Edited' }, admin.token)
        expect(changed.status).toBe(200)
        expect(changed.body).toMatchObject({
          id: 'pro',
          price_monthly: 12.5,
          price_monthly_cents: 1250,
          price_yearly_cents: 9900,
          max_recipients: 7,
          notes: 'Edited',
        })
        const plan = (await (await app.api('/api/plans/pro')).json()) as Plan
        expect(plan).toMatchObject({ price_monthly: 12.5, max_recipients: 7 })
        const restored = await put('pro', { price_monthly: 9.99, max_recipients: 5, notes: before.notes }, admin.token)
        expect(restored.body).toMatchObject({ price_monthly_cents: 999, max_recipients: 5 })
      })

      it('keeps one preview flag: document_preview and max_document_features.preview are the same switch', async () => {
        const admin = await signUp(getApp(), 'ADMIN')
        const off = await put(
          'business',
          { max_document_features: { preview: false, comments: true, clean_data_room: false } },
          admin.token,
        )
        expect(off.body).toMatchObject({
          document_preview: false,
          max_document_features: { preview: false, comments: true },
        })
        const on = await put('business', { document_preview: true }, admin.token)
        expect(on.body).toMatchObject({
          document_preview: true,
          max_document_features: { preview: true, comments: true },
        })
        // Both sent and at odds: the column's own name wins, and both read the same afterwards.
        const both = await put(
          'business',
          { document_preview: true, max_document_features: { preview: false, comments: true, clean_data_room: false } },
          admin.token,
        )
        expect(both.body).toMatchObject({ document_preview: true, max_document_features: { preview: true } })
      })
    })
  },
  authStacks().filter((s) => s.name === testStacks[0]!.name),
)
