import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { authStacks, bearer, postJson, registerAccount } from '../features/auth/testing/auth-test-kit.js'
import { forEachStack } from '../testing/test-app.js'

// Security review L-5: login-required routes answer their own 401 whatever the body, before it
// is parsed or validated (the guard runs in onRequest), so an anonymous caller neither gets a 400
// that describes the schema nor a 415.

const roomId = randomUUID()
const transferId = randomUUID()
const routes = [
  { path: '/api/checkout/session', code: 'checkout_login_required' },
  { path: '/file-request/create', code: 'request_login_required' },
  { path: '/api/file-request/create', code: 'request_login_required' },
  { path: '/api/rooms', code: 'room_login_required' },
  { path: `/api/rooms/${roomId}/initiate-transfer`, code: 'unauthorized' },
  { path: `/api/transfers/${transferId}/respond`, code: 'unauthorized' },
  { path: `/api/transfers/${transferId}/status`, code: 'unauthorized' },
]

/** The bodies an anonymous caller may send. */
const bodies: { name: string; init: RequestInit }[] = [
  { name: 'no body', init: {} },
  { name: 'an empty JSON body', init: { headers: { 'content-type': 'application/json' }, body: '' } },
  { name: '{}', init: { headers: { 'content-type': 'application/json' }, body: '{}' } },
  { name: 'malformed JSON', init: { headers: { 'content-type': 'application/json' }, body: '{"plan": ' } },
  { name: 'a schema-breaking body', init: { headers: { 'content-type': 'application/json' }, body: '[1, 2]' } },
  { name: 'a non-JSON body', init: { headers: { 'content-type': 'text/plain' }, body: 'hello' } },
  { name: 'a form body', init: { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' } },
]

await forEachStack((getApp) => {
  for (const route of routes) {
    it(`POST ${route.path.replace(roomId, '{id}').replace(transferId, '{id}')} answers 401 ${route.code} to anyone without a session, whatever the body`, async () => {
      for (const body of bodies) {
        const res = await getApp().api(route.path, { method: 'POST', ...body.init })
        expect(res.status, body.name).toBe(401)
        expect(await res.json(), body.name).toMatchObject({ code: route.code })
      }
    })
  }

  it('answers room_guest_token_invalid to a bad guest token on the room transfer routes, whatever the body', async () => {
    for (const path of routes.slice(4).map((r) => r.path)) {
      for (const body of bodies) {
        const headers = { ...(body.init.headers as Record<string, string> | undefined), 'x-room-guest': 'not-a-token' }
        const res = await getApp().api(path, { method: 'POST', ...body.init, headers })
        expect(res.status, `${path} with ${body.name}`).toBe(401)
        expect(await res.json()).toMatchObject({ code: 'room_guest_token_invalid' })
      }
    }
  })

  it('lets a room visitor with a valid guest token through to the body check', async () => {
    const { api } = getApp()
    const host = await registerAccount(api)
    const room = await postJson(api, '/api/rooms', {}, bearer(host.access_token))
    expect(room.status).toBe(201)
    const { id } = (await room.json()) as { id: string }
    const join = await postJson(api, `/api/rooms/${id}/join`, { display_name: 'Visitor Vic' })
    expect(join.status).toBe(200)
    const { guest_token } = (await join.json()) as { guest_token: string }
    const res = await postJson(api, `/api/rooms/${id}/initiate-transfer`, {}, { 'x-room-guest': guest_token })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'validation_failed' })
  })

  it('lets a signed-in user through to the body check', async () => {
    const { api } = getApp()
    const user = await registerAccount(api)
    for (const route of routes) {
      const res = await postJson(api, route.path, [1, 2], bearer(user.access_token))
      expect(res.status, route.path).toBe(400)
    }
  })

  it('accepts POST /api/rooms/{id}/join with no body from a signed-in user', async () => {
    const { api } = getApp()
    const host = await registerAccount(api)
    const member = await registerAccount(api)
    const room = await postJson(api, '/api/rooms', {}, bearer(host.access_token))
    const { id } = (await room.json()) as { id: string }
    const bare = await api(`/api/rooms/${id}/join`, { method: 'POST', headers: bearer(member.access_token) })
    expect(bare.status, await bare.clone().text()).toBe(200)
    expect(await bare.json()).toMatchObject({ participant_id: member.user.id })
  })
}, authStacks())
