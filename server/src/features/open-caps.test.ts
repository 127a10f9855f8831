import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { forEachStack } from '../testing/test-app.js'
import { authStacks, createTestClock } from './auth/testing/auth-test-kit.js'
import { post } from './billing/testing/billing-test-kit.js'
import { openCaps } from './open-caps.js'
import { signUp } from './transfers/testing/transfers-test-kit.js'

// Security review L-10: request links, rooms and referral codes one account holds open at once
// are capped (open-caps.ts); the next one is a 409 that names the number, and closing one
// (a link completed, a room ended, a code redeemed) makes room again.

const clock = createTestClock()
const hourMs = 60 * 60 * 1000

await forEachStack((getApp) => {
  it(`caps open request links at ${openCaps.requestLinks}; a closed or expired one frees its place`, async () => {
    const app = getApp()
    const owner = await signUp(app, 'FREE')
    const ids: string[] = []
    const create = (days = 7) =>
      post<{ request_id: string }>(app, '/file-request/create', { expires_in_days: days }, owner.token)
    for (let i = 0; i < openCaps.requestLinks; i++) {
      const res = await create(i === 0 ? 1 : 7)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      ids.push((res.body as { request_id: string }).request_id)
    }
    const refused = await create()
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'request_links_limit_reached',
      detail: expect.stringContaining(`${openCaps.requestLinks} open request links`),
    })
    // Another account is not affected.
    const other = await signUp(app, 'FREE')
    expect((await post(app, '/file-request/create', { expires_in_days: 7 }, other.token)).status).toBe(201)

    // The owner closing a link frees its place (a visitor's complete no longer closes a shared link).
    const close = await app.api(`/api/file-requests/${ids[1]}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ active: false }),
    })
    expect(close.status, await close.clone().text()).toBe(200)
    expect((await create()).status).toBe(201)
    expect((await create()).status).toBe(409)
    clock.advance(25 * hourMs) // the first link (1 day) expires
    expect((await create()).status).toBe(201)
  })

  it(`caps rooms one account hosts at ${openCaps.rooms}; an ended room frees its place`, async () => {
    const app = getApp()
    const host = await signUp(app, 'FREE')
    const create = (hours: number) => post(app, '/api/rooms', { expires_in_hours: hours }, host.token)
    for (let i = 0; i < openCaps.rooms; i++) {
      const res = await create(i === 0 ? 1 : 24)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    const refused = await create(24)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'rooms_limit_reached',
      detail: expect.stringContaining(`${openCaps.rooms} open rooms`),
    })
    clock.advance(2 * hourMs)
    expect((await create(24)).status).toBe(201)
    expect((await create(24)).status).toBe(409)
  })

  it(`caps unused referral codes at ${openCaps.referralCodes}; a redeemed one frees its place`, async () => {
    const app = getApp()
    const inviter = await signUp(app, 'PREMIUM')
    const create = () =>
      post<{ invite_code: string }>(app, '/api/referrals', { inviter_user_id: inviter.id }, inviter.token)
    const codes: string[] = []
    for (let i = 0; i < openCaps.referralCodes; i++) {
      const res = await create()
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      codes.push((res.body as { invite_code: string }).invite_code)
    }
    const refused = await create()
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'referral_codes_limit_reached',
      detail: expect.stringContaining(`${openCaps.referralCodes} unused referral codes`),
    })
    const invitee = await signUp(app, 'FREE', `Invitee ${randomUUID().slice(0, 4)}`)
    const redeemed = await post(
      app,
      '/api/referrals/redeem',
      { referral_code: codes[0], user_id: invitee.id },
      invitee.token,
    )
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200)
    expect((await create()).status).toBe(201)
    expect((await create()).status).toBe(409)
  })

  it('counts concurrent creations one after the other: a burst cannot pass the cap', async () => {
    const app = getApp()
    const host = await signUp(app, 'FREE')
    const burst = await Promise.all(
      Array.from({ length: openCaps.rooms + 5 }, () => post(app, '/api/rooms', { expires_in_hours: 24 }, host.token)),
    )
    expect(burst.filter((r) => r.status === 201)).toHaveLength(openCaps.rooms)
    expect(burst.filter((r) => r.status === 409)).toHaveLength(5)
  })
}, authStacks({ clock }))
