import os from 'node:os'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, startProblem } from '../config.js'
import { mailedSetPasswordToken } from '../features/admin/testing/admin-test-kit.js'
import {
  bearer,
  confirmAccount,
  postJson,
  registerAccount,
  uniqueEmail,
  uniqueIp,
} from '../features/auth/testing/auth-test-kit.js'
import { checkoutBody, currentPlan, post, startCheckout } from '../features/billing/testing/billing-test-kit.js'
import { createRoom, ofType, openSocket, type TestSocket } from '../features/rooms/testing/rooms-test-kit.js'
import { confirmSender } from '../features/sender-confirmation/testing/sender-confirmation-test-kit.js'
import {
  fetchBytes,
  postTransfer,
  readStoredZip,
  signUp,
  uploadFiles,
} from '../features/transfers/testing/transfers-test-kit.js'
import { as, call, uploadWhole } from '../features/uploads/testing/uploads-test-kit.js'
import { getPage } from '../testing/page-walk.js'
import { buildTestApp, type TestApp } from '../testing/test-app.js'
import { fromAddress } from './review-kit.js'

// Replays of the security review (shared/reports/security-review-2026-11-25.md) against one real
// server over real HTTP, as the review probed it: `npm start` defaults (PGlite, local disk, test
// checkout, default rate limits and TRUST_PROXY), listening on every address so that it can also
// be reached from this machine's private address (M-6). Each test is named after its defect id,
// follows its reproduction, and expects the fixed behaviour. The upload replays (H-1, H-2, also
// on S3) are in uploads.security.test.ts; the Stripe webhook one (L-2) in stripe.security.test.ts.

const logLines: string[] = []
let app: TestApp

beforeAll(async () => {
  app = await buildTestApp({
    logLines,
    host: '::',
    // A seat is kept 5 s for a reload by default; the replay of L-4 need not wait that long.
    env: { ROOM_PRESENCE_GRACE_SECONDS: '0.3' },
  })
})
afterAll(async () => {
  await app?.close()
})

/** How long a socket may take to answer on a busy machine (2 cores shared by the whole test run). */
const patience = 20_000
const welcomed = async (socket: TestSocket) => {
  await socket.next(ofType('welcome'), patience)
  return socket
}

const statusesOf = async (attempts: (() => Promise<Response>)[]) => {
  const statuses: number[] = []
  for (const attempt of attempts) statuses.push((await attempt()).status)
  return statuses
}

/** An address of this machine's own on a private or unique-local network (the review came from fd00::2). */
function privateAddress(): string | undefined {
  const privateRange = /^(10\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.|f[cd][0-9a-f]{2}:)/i
  const entries = Object.values(os.networkInterfaces()).flatMap((list) => list ?? [])
  return entries.find((entry) => !entry.internal && privateRange.test(entry.address))?.address
}
const lanAddress = privateAddress()

describe('security review replays (embedded defaults)', () => {
  it('M-1: ten wrong passwords from a stranger do not lock the owner out', async () => {
    const { user, password } = await registerAccount(fromAddress(app.api))
    const stranger = fromAddress(app.api)
    const wrong = () => postJson(stranger, '/auth/login', { email: user.email, password: 'wrong' })
    expect(await statusesOf(Array(10).fill(wrong))).toEqual(Array(10).fill(401))

    const owner = fromAddress(app.api)
    const login = () => postJson(owner, '/auth/login', { email: user.email, password })
    // Was 429 rate_limited for 15 minutes; now the owner's right password gets in at once.
    expect((await login()).status).toBe(200)
    // Successes are not counted: ten more logins in a row all get in.
    expect(await statusesOf(Array(10).fill(login))).toEqual(Array(10).fill(200))
    // The address that kept guessing stays refused for the window.
    const again = await wrong()
    expect(again.status).toBe(429)
    expect(((await again.json()) as { code: string }).code).toBe('rate_limited')
  })

  it('M-2: an unconfirmed account sends no mail; a confirmed one is throttled and told when it can send again', async () => {
    const from = fromAddress(app.api)
    const account = await registerAccount(from)
    const sender = { token: account.access_token, id: account.user.id, email: account.user.email, name: 'M2' }
    const sendOne = async (i: number) => {
      const files = await uploadFiles(app, sender, [{ name: `invoice-${i}.pdf`, body: Buffer.from('x') }])
      const res = await from('/api/transfers', {
        method: 'POST',
        headers: { ...bearer(sender.token), 'content-type': 'application/json' },
        body: JSON.stringify({
          files,
          recipient_emails: [`victim-${i}@example.com`],
          title: `Invoice ${i} — please review: https://phish.example/login`,
        }),
      })
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
    }
    // Was 201 for anyone who signed up with any address; now the address must be proven first.
    const unconfirmed = await sendOne(0)
    expect(unconfirmed.status).toBe(403)
    expect(unconfirmed.body.code).toBe('email_unconfirmed')
    const link = await postJson(from, '/file-request/create', {}, { ...bearer(sender.token), 'x-requested-with': 'x' })
    expect(link.status).toBe(403)

    await confirmAccount(app, sender.email)
    // And, on the Free plan, the sender code of issue 18 item 7.
    await confirmSender(app, sender.token, sender.email)
    // Was 120 emails in about 2 s; a brand-new account now stops at its daily ceiling (10 by default).
    const statuses: number[] = []
    let refused: Awaited<ReturnType<typeof sendOne>> | undefined
    for (let i = 1; i <= 12 && !refused; i++) {
      const sent = await sendOne(i)
      statuses.push(sent.status)
      if (sent.status !== 201) refused = sent
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429])
    expect(refused?.body.code).toBe('send_rate_limited')
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0)
    expect(Date.parse(refused?.body.retry_at)).toBeGreaterThan(Date.now())
  })

  it('L-6: probing whether an address has an account costs: sign-ups are limited per email and per address', async () => {
    const { user } = await registerAccount(fromAddress(app.api))
    // Saying "taken" is accepted (spec/accounts.md §2); each probe of the email counts, from anywhere.
    const probe = () =>
      postJson(fromAddress(app.api), '/auth/register', { email: user.email, password: 'pw-probe-123456', name: 'P' })
    const statuses = await statusesOf(Array(10).fill(probe))
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(409))
    expect(statuses[9]).toBe(429)
    // From one address, probing many emails stops after 30 attempts in 15 minutes.
    const prober = fromAddress(app.api)
    const many = Array.from(
      { length: 31 },
      (_, i) => () =>
        postJson(prober, '/auth/register', { email: `p${i}-${user.email}`, password: 'pw-probe-123456', name: 'P' }),
    )
    expect((await statusesOf(many)).at(-1)).toBe(429)
  })

  it('M-3: a guest flooding ready frames on the signalling socket is closed with 4429', async () => {
    const host = await signUp(app, 'FREE', 'Hana Host')
    const roomId = await createRoom(app, host.token)
    const ip = uniqueIp()
    const joined = await postJson(fromAddress(app.api, ip), `/api/rooms/${roomId}/join`, { display_name: 'Guest' })
    expect(joined.status).toBe(200)
    const { guest_token: guestToken } = (await joined.json()) as { guest_token: string }

    const ws = openSocket(app, `/ws/webrtc/${roomId}`, guestToken, { 'x-forwarded-for': ip })
    await ws.next(ofType('welcome'), patience)
    for (let i = 0; i < 3000; i++) ws.send({ type: 'ready', channel: crypto.randomUUID() })
    expect((await ws.closed).code).toBe(socketCloseCodes.tooManyRequests)
    // The server stopped near the socket's budget (bursts of 50) instead of answering 3 000 frames,
    // and goes on serving everyone else.
    expect(ws.messages.filter(ofType('error')).length).toBeLessThan(300)
    expect((await app.api('/healthz')).status).toBe(200)

    // No more than 4 sockets per participant.
    const sockets = []
    for (let i = 0; i < 4; i++) sockets.push(await welcomed(openSocket(app, `/api/rooms/${roomId}/ws`, host.token)))
    const fifth = openSocket(app, `/api/rooms/${roomId}/ws`, host.token)
    expect((await fifth.closed).code).toBe(socketCloseCodes.tooManyRequests)
    for (const socket of sockets) socket.close()
  })

  it('M-4: a password reset ends existing sessions, and "log out of all devices" ends them all', async () => {
    const admin = await signUp(app, 'ADMIN', 'Ada Admin')
    const victim = await registerAccount(fromAddress(app.api))
    const stolen = victim.access_token
    const plan = (token: string) => app.api('/api/user/subscription-level', { headers: bearer(token) })
    expect((await plan(stolen)).status).toBe(200)

    // The only reset path: the admin's set-password link, then POST /api/set-password.
    const link = await postJson(
      app.api,
      `/api/admin/users/${victim.user.id}/set-password-link`,
      {},
      bearer(admin.token),
    )
    expect(link.status).toBe(201)
    const reset = await postJson(app.api, '/api/set-password', {
      token: await mailedSetPasswordToken(app.dataDir, victim.user.email),
      password: 'a brand new passphrase',
    })
    expect(reset.status).toBe(200)
    const old = await plan(stolen)
    expect(old.status).toBe(401)
    expect(((await old.json()) as { code: string }).code).toBe('unauthorized')

    // Log out everywhere: every session of the user ends, the one that asked included.
    const login = async () => {
      const res = await postJson(fromAddress(app.api), '/auth/login', {
        email: victim.user.email,
        password: 'a brand new passphrase',
      })
      expect(res.status).toBe(200)
      return ((await res.json()) as { access_token: string }).access_token
    }
    const [laptop, phone] = [await login(), await login()]
    const out = await postJson(app.api, '/auth/logout-all', undefined, bearer(phone))
    expect(out.status).toBe(200)
    expect((await plan(laptop)).status).toBe(401)
    expect((await plan(phone)).status).toBe(401)

    // The browser's session lives in an httpOnly cookie, which /auth/verify checks on its own.
    const signIn = await postJson(fromAddress(app.api), '/auth/login', {
      email: victim.user.email,
      password: 'a brand new passphrase',
    })
    const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith('ferry_token='))
    expect(cookie).toMatch(/; HttpOnly/i)
    const verify = await postJson(
      app.api,
      '/auth/verify',
      {},
      { cookie: cookie!.split(';')[0]!, 'x-requested-with': 'XMLHttpRequest' },
    )
    expect(await verify.json()).toMatchObject({ valid: true })
  })

  it('M-5: the app and the API send browser security headers', async () => {
    for (const path of ['/', '/share/AnyShareId0123456789', '/api/plans']) {
      const headers = (await app.api(path)).headers
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'")
      expect(headers.get('content-security-policy'), path).toContain("default-src 'self'")
      expect(headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(headers.get('referrer-policy'), path).toBe('no-referrer')
      expect(headers.get('strict-transport-security'), path).toBeNull()
    }
    // HSTS when https came from a trusted proxy (loopback, by default).
    const https = await app.api('/api/plans', { headers: { 'x-forwarded-proto': 'https' } })
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/)
  })

  it.skipIf(!lanAddress)(`M-6: a client on the private network (${lanAddress}) cannot forge its address`, async () => {
    const { user } = await registerAccount(fromAddress(app.api))
    const port = new URL(app.url).port
    const origin = lanAddress!.includes(':') ? `http://[${lanAddress}]:${port}` : `http://${lanAddress}:${port}`
    const statuses: number[] = []
    for (let i = 1; i <= 100; i++) {
      const res = await fetch(`${origin}/auth/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: `guess${i}` }),
      })
      statuses.push(res.status)
    }
    // The address is the peer's, whatever X-Forwarded-For says: the limit per address applies.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(90).fill(429))
  })

  it('L-1: a NUL byte is a 400, and the log holds no password hash', async () => {
    const email = uniqueEmail('n')
    const register = await postJson(fromAddress(app.api), '/auth/register', {
      email,
      password: 'a long password here',
      name: 'a\u0000b',
    })
    expect(register.status).toBe(400)
    expect(((await register.json()) as { code: string }).code).toBe('validation_failed')
    const plan = await app.api('/api/plans/a%00b')
    expect(plan.status).toBe(400)
    expect(((await plan.json()) as { code: string }).code).toBe('validation_failed')
    const log = logLines.join('\n')
    expect(log).not.toContain('$argon2')
    expect(log).not.toContain(email)
  })

  it('L-3: a second checkout opened before the first trial started gives no second trial', async () => {
    const buyer = await signUp(app, 'FREE')
    const first = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
    const second = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
    expect([first.status, second.status]).toEqual([200, 200])
    const complete = (id: string) => post(app, `/api/checkout/test/${id}/complete`, undefined, buyer.token)
    expect((await complete(first.body.session_id)).status).toBe(200)
    expect((await currentPlan(app, buyer.token)).body.subscription).toMatchObject({ status: 'TRIALING' })
    expect((await complete(second.body.session_id)).status).toBe(200)
    expect((await currentPlan(app, buyer.token)).body).toMatchObject({
      is_trial: false,
      subscription: { status: 'ACTIVE', trial_start: null, trial_end: null },
    })
  })

  it('L-4: a visitor who joined and left frees the seat; joins are limited per address', async () => {
    const host = await signUp(app, 'FREE', 'Hana Host')
    const roomId = await createRoom(app, host.token, { max_participants: 2 })
    const join = (api: TestApp['api'], name: string) =>
      postJson(api, `/api/rooms/${roomId}/join`, { display_name: name })
    const visit = await join(fromAddress(app.api), 'Visitor')
    expect(visit.status).toBe(200)
    const { guest_token: visitor } = (await visit.json()) as { guest_token: string }
    const hostSocket = await welcomed(openSocket(app, `/api/rooms/${roomId}/ws`, host.token))
    const visitorSocket = await welcomed(openSocket(app, `/api/rooms/${roomId}/ws`, visitor))
    visitorSocket.close()
    await hostSocket.next(ofType('user_left'), patience)
    hostSocket.close()

    const invited = await signUp(app, 'FREE', 'Ivan Invited')
    const seat = await postJson(app.api, `/api/rooms/${roomId}/join`, {}, { authorization: `Bearer ${invited.token}` })
    expect(seat.status).toBe(200)

    // "60 of 60 from one address": now 30 per 15 minutes (ROOM_JOIN_RATE_LIMIT_PER_IP).
    const squatter = fromAddress(app.api)
    const statuses = await statusesOf(Array.from({ length: 60 }, (_, i) => () => join(squatter, `Squatter ${i}`)))
    expect(statuses.slice(0, 30)).not.toContain(429)
    expect(statuses.slice(30)).toEqual(Array(30).fill(429))
  })

  it('L-5: the seven login-required routes answer 401 before they look at the body', async () => {
    const roomId = crypto.randomUUID()
    const transferId = crypto.randomUUID()
    const routes = [
      ['/api/checkout/session', 'checkout_login_required'],
      ['/file-request/create', 'request_login_required'],
      ['/api/file-request/create', 'request_login_required'],
      ['/api/rooms', 'room_login_required'],
      [`/api/rooms/${roomId}/initiate-transfer`, 'unauthorized'],
      [`/api/transfers/${transferId}/respond`, 'unauthorized'],
      [`/api/transfers/${transferId}/status`, 'unauthorized'],
    ] as const
    // "An empty, {}, malformed or non-JSON body" (was 400 validation_failed or invalid_json, or 415).
    const bodies: RequestInit[] = [
      { headers: { 'content-type': 'application/json' }, body: '' },
      { headers: { 'content-type': 'application/json' }, body: '{}' },
      { headers: { 'content-type': 'application/json' }, body: '{"plan": ' },
      { headers: { 'content-type': 'text/plain' }, body: 'hello' },
    ]
    for (const [path, code] of routes) {
      for (const init of bodies) {
        const res = await app.api(path, { method: 'POST', ...init })
        expect({ path, body: init.body, status: res.status, ...((await res.json()) as object) }).toMatchObject({
          path,
          body: init.body,
          status: 401,
          code,
        })
      }
    }
    // A body-less POST where no body is needed is accepted.
    const host = await signUp(app)
    const id = await createRoom(app, host.token)
    const member = await signUp(app)
    const bare = await app.api(`/api/rooms/${id}/join`, { method: 'POST', headers: bearer(member.token) })
    expect(bare.status).toBe(200)
  })

  it('L-7: common passwords and the email’s local part are refused at sign-up', async () => {
    const register = async (email: string, password: string) => {
      const res = await postJson(fromAddress(app.api), '/auth/register', { email, password, name: 'C' })
      return { status: res.status, code: ((await res.json()) as { code?: string }).code }
    }
    expect(await register(uniqueEmail('common'), 'password123')).toEqual({ status: 400, code: 'password_common' })
    const email = uniqueEmail('localpart')
    expect(await register(email, email.split('@')[0]!)).toEqual({ status: 400, code: 'password_personal' })
  })

  it('L-8: a right-to-left override in a file name is refused at presign', async () => {
    const { token } = await signUp(app)
    const res = await call(app.api, 'presign', { filename: 'invoice\u202Efdp.exe', file_size: 10 }, as(token))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('validation_failed')
  })

  it('L-9: ZIP entry names lose Windows drive letters', async () => {
    const sender = await signUp(app)
    const files = await uploadFiles(app, sender, [
      { name: 'C:\\Windows\\x.txt', body: Buffer.from('x') },
      { name: 'b.txt', body: Buffer.from('b') },
    ])
    const created = await postTransfer(app, sender.token, { files, recipient_emails: ['r@example.com'] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { res, bytes } = await fetchBytes(`${app.url}/share/${created.body.unique_id}/download?as_zip=true`)
    expect(res.status).toBe(200)
    expect([...readStoredZip(bytes).keys()].sort()).toEqual(['Windows/x.txt', 'b.txt'])
  })

  it('L-10: lists answer pages {items, next_cursor, total}; open links, rooms and codes are capped', async () => {
    const owner = await signUp(app, 'PREMIUM', 'Olga Owner')
    const admin = await signUp(app, 'ADMIN', 'Ada Admin')

    // "500, 120 and 110 in a burst": one account holds at most 100 open request links, 20 rooms
    // and 50 unused referral codes (open-caps.ts); the next is a 409 with a code of its own.
    const creations = [
      { path: '/file-request/create', body: {}, burst: 500, cap: 100, code: 'request_links_limit_reached' },
      { path: '/api/rooms', body: {}, burst: 120, cap: 20, code: 'rooms_limit_reached' },
      {
        path: '/api/referrals',
        body: { inviter_user_id: owner.id },
        burst: 110,
        cap: 50,
        code: 'referral_codes_limit_reached',
      },
    ]
    const linkIds: string[] = []
    for (const { path, body, burst, cap, code } of creations) {
      let created = 0
      let refused: Awaited<ReturnType<typeof post>> | undefined
      while (created + 1 <= burst && !refused) {
        const res = await post<{ request_id?: string }>(app, path, body, owner.token)
        if (res.status !== 201) refused = res
        else {
          created++
          if (res.body.request_id) linkIds.push(res.body.request_id)
        }
      }
      expect({ path, created }).toEqual({ path, created: cap })
      expect(refused).toMatchObject({ status: 409, body: { code } })
    }

    // Something in each list: 3 transfers, 3 uploads received through a link.
    for (let i = 0; i < 3; i++) {
      const files = await uploadFiles(app, owner, [{ name: `f${i}.txt`, body: Buffer.from(`file ${i}`) }])
      const created = await postTransfer(app, owner.token, { files, recipient_emails: ['r@example.com'] })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const key = await uploadWhole(app.api, as(), Buffer.from(`upload ${i}`), { request_id: linkIds[0] })
      const received = await postJson(app.api, `/api/file-request/${linkIds[0]}/upload`, { files: [{ file_key: key }] })
      expect(received.status).toBe(201)
    }

    const lists = [
      { path: '/api/transfers', token: owner.token },
      { path: '/api/admin/transfers', token: admin.token },
      { path: '/file-requests', token: owner.token },
      { path: '/received-files', token: owner.token },
      { path: `/api/referrals/user/${owner.id}`, token: owner.token },
    ]
    for (const { path, token } of lists) {
      const first = await getPage(app, path, token, { limit: '2' })
      expect(first.status, path).toBe(200)
      expect(first.body.items, path).toHaveLength(2)
      expect(first.body.next_cursor, path).toEqual(expect.any(String))
      expect(first.body.total, path).toBeGreaterThanOrEqual(3)
      const next = await getPage(app, path, token, { limit: '2', cursor: first.body.next_cursor! })
      expect(next.status, path).toBe(200)
      expect(next.body.items.length, path).toBeGreaterThan(0)
      expect(next.body.items.map((item) => JSON.stringify(item))).not.toContain(JSON.stringify(first.body.items[0]))
      // A page holds at most 100 items.
      const tooMany = await getPage(app, path, token, { limit: '101' })
      expect(tooMany.status, path).toBe(400)
      expect(tooMany.body, path).toMatchObject({ code: 'validation_failed' })
    }
  })

  it('L-11: X-Ferry-Instance is an opaque id, not the host name; authenticated JSON is not cacheable', async () => {
    const res = await app.api('/healthz')
    expect(res.status).toBe(200)
    const instance = res.headers.get('x-ferry-instance')
    expect(instance).toMatch(/^[0-9a-f]{12}$/)
    expect(instance).not.toContain(os.hostname())
    // Authenticated JSON is not kept by caches.
    const { token } = await signUp(app)
    const mine = await app.api('/api/transfers', { headers: bearer(token) })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('cache-control')).toBe('no-store')
  })

  it('Observation (test checkout is the default): production without Stripe refuses to start unless PAYMENTS=test', async () => {
    const problem = startProblem(loadConfig({ NODE_ENV: 'production' }))
    expect(problem).toBeInstanceOf(ConfigError)
    expect(problem?.message).toContain('PAYMENTS=test')
    expect(startProblem(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }))).toBeUndefined()
    // The embedded default still runs the test checkout, and says so (the admin console's banner).
    const config = await app.api('/api/system/config')
    expect(await config.json()).toMatchObject({ payments: 'test' })
  })
})
