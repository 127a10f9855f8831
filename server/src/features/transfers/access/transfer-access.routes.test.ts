import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transfers } from '../../../db/schema/index.js'
import { buildTestApp, forEachStack, type TestApp, testStacks } from '../../../testing/test-app.js'
import { bearer, createTestClock, postJson, uniqueIp } from '../../auth/testing/auth-test-kit.js'
import {
  fetchBytes,
  outbox,
  postTransfer,
  randomBody,
  readStoredZip,
  type Sender,
  signUp,
  transferRow,
  uploadFiles,
} from '../testing/transfers-test-kit.js'

// Issue 18 item 1: a transfer's password, and the access grant every byte path checks.

/** Wrong tries allowed per transfer and client before 429 (AUTH_RATE_LIMIT_PER_ACCOUNT). */
const perClient = 3
const clock = createTestClock()
const stacks = testStacks.map((stack) => ({
  ...stack,
  clock,
  env: {
    ...stack.env,
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: String(perClient),
    REDIS_KEY_PREFIX: `test-${crypto.randomUUID()}:`,
  },
}))

const password = 'correct horse battery staple'

interface Protected {
  sender: Sender
  id: string
  uniqueId: string
  files: { body: Buffer; key: string }[]
  shareUrl: string
  downloadBase: string
}

/** Sam (on Pro, which has password_protection) sends two files with a password. */
async function sendProtected(app: TestApp, options: { pass?: string | null; files?: number } = {}): Promise<Protected> {
  const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
  const bodies = Array.from({ length: options.files ?? 2 }, (_, i) => randomBody(5000 + i * 777))
  const records = await uploadFiles(
    app,
    sender,
    bodies.map((body, i) => ({ name: `file-${i}.bin`, body })),
  )
  const res = await postTransfer(app, sender.token, {
    files: records,
    recipient_emails: ['ana@example.com'],
    title: 'Board pack',
    message: 'The secret plans',
    password: options.pass === undefined ? password : options.pass,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const id = res.body.id as string
  const uniqueId = res.body.unique_id as string
  // The keys the transfer holds its files under (a claimed upload moves to a key of its own).
  const detail = (await (await app.api(`/api/transfers/${id}`, { headers: bearer(sender.token) })).json()) as {
    files: { file_key: string }[]
  }
  return {
    sender,
    id,
    uniqueId,
    files: bodies.map((body, i) => ({ body, key: detail.files[i]!.file_key })),
    shareUrl: `/api/share/${uniqueId}`,
    downloadBase: `${app.url}/share/${uniqueId}/download`,
  }
}

const unlock = (app: TestApp, uniqueId: string, pass: string, ip = uniqueIp()) =>
  postJson(app.api, `/api/share/${uniqueId}/unlock`, { password: pass }, { 'x-forwarded-for': ip })

/** Unlocks with the right password; the grant cookie's value (the same token as the header). */
async function grantFor(app: TestApp, uniqueId: string, pass = password): Promise<string> {
  const res = await unlock(app, uniqueId, pass)
  expect(res.status, await res.clone().text()).toBe(204)
  const token = res.headers.get('x-ferry-grant')
  expect(token).toBeTruthy()
  return token!
}

const withGrant = (grant: string) => ({ 'x-ferry-grant': grant })
const withCookie = (grant: string) => ({ cookie: `ferry_grant=${grant}` })

const patch = (app: TestApp, token: string, id: string, body: unknown) =>
  app.api(`/api/transfers/${id}`, {
    method: 'PATCH',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

await forEachStack((getApp, stack) => {
  const s3 = stack.storage === 's3'
  let app: TestApp
  beforeAll(() => {
    app = getApp()
  })

  /** Every way to the bytes, without following a redirect to the store. */
  interface BytePath {
    name: string
    url: string
    init: { method?: string; headers?: Record<string, string> }
    opened: number
  }
  function bytePaths(t: Protected): BytePath[] {
    const file = `${t.downloadBase}?file_key=${encodeURIComponent(t.files[0]!.key)}`
    const zip = `${t.downloadBase}?as_zip=true`
    // What each answers once opened: a file redirects to the store on S3; the ZIP is always Ferry's.
    const one = (local: number) => (s3 ? 302 : local)
    return [
      { name: 'one file', url: file, init: {}, opened: one(200) },
      { name: 'the ZIP', url: zip, init: {}, opened: 200 },
      { name: 'the default (ZIP of several)', url: t.downloadBase, init: {}, opened: 200 },
      { name: 'a range', url: file, init: { headers: { range: 'bytes=10-99' } }, opened: one(206) },
      {
        name: 'a resume with If-Range',
        url: file,
        init: { headers: { range: 'bytes=100-', 'if-range': 'x' } },
        opened: one(200),
      },
      { name: 'HEAD of a file', url: file, init: { method: 'HEAD' }, opened: one(200) },
      { name: 'HEAD of the ZIP', url: zip, init: { method: 'HEAD' }, opened: 200 },
    ]
  }

  async function status(url: string, init: { method?: string; headers?: Record<string, string> }, extra = {}) {
    const res = await fetch(url, { ...init, headers: { ...init.headers, ...extra }, redirect: 'manual' })
    await res.arrayBuffer()
    return res.status
  }

  describe('sending with a password', () => {
    it('stores only an argon2id hash, and says so without the password', async () => {
      const t = await sendProtected(app)
      const row = await transferRow(app, t.id)
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
      // The whole row as the database holds it: the password appears nowhere.
      const [whole] = await app.deps.database.db
        .select({ text: sql<string>`${transfers}::text` })
        .from(transfers)
        .where(eq(transfers.id, t.id))
      expect(whole!.text).toContain('$argon2id$')
      expect(whole!.text).not.toContain(password)
      const detail = await app.api(`/api/transfers/${t.id}`, { headers: bearer(t.sender.token) })
      const body = (await detail.json()) as Record<string, unknown>
      expect(body.has_password).toBe(true)
      expect(JSON.stringify(body)).not.toContain(password)
      expect(JSON.stringify(body)).not.toContain('argon2')
      // The recipient's email says the files are protected, and never carries the password.
      const mail = (await outbox(app)).find((m) => m.text.includes(t.uniqueId))!
      expect(mail.text).toContain('protected these files with a password')
      expect(mail.text).not.toContain(password)
    })

    it('answers 403 plan_feature_missing to a plan without password protection', async () => {
      const free = await signUp(app, 'FREE')
      const files = await uploadFiles(app, free, [{ name: 'a.bin', body: randomBody(100) }])
      const res = await postTransfer(app, free.token, { files, recipient_emails: ['x@example.com'], password })
      expect(res.status).toBe(403)
      expect(res.body.code).toBe('plan_feature_missing')
      // The same sender may send without one.
      const open = await postTransfer(app, free.token, { files, recipient_emails: ['x@example.com'], password: null })
      expect(open.status).toBe(201)
      const set = await patch(app, free.token, open.body.id as string, { password })
      expect(set.status).toBe(403)
      expect(((await set.json()) as { code: string }).code).toBe('plan_feature_missing')
    })

    it('refuses a password in the address, on every route', async () => {
      const t = await sendProtected(app)
      for (const pathname of [
        `/api/share/${t.uniqueId}/unlock?password=${encodeURIComponent(password)}`,
        `/api/share/${t.uniqueId}?password=${encodeURIComponent(password)}`,
        `/share/${t.uniqueId}/download?as_zip=true&Password=x`,
        `/api/transfers?password=x`,
      ]) {
        const res = await app.api(pathname, {
          method: pathname.endsWith('unlock') || pathname.includes('unlock?') ? 'POST' : 'GET',
          headers: { 'content-type': 'application/json' },
          body: pathname.includes('unlock') ? JSON.stringify({ password }) : undefined,
        })
        expect(res.status, pathname).toBe(400)
        expect(((await res.json()) as { code: string }).code).toBe('password_in_url')
      }
    })
  })

  describe('a protected transfer without a grant', () => {
    let t: Protected
    beforeAll(async () => {
      t = await sendProtected(app)
    })

    it('shows only its title and sender name, with password_required', async () => {
      const res = await app.api(t.shareUrl)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        detail: expect.any(String),
        code: 'password_required',
        transfer: { title: 'Board pack' },
        sender: { name: 'Sam Sender' },
      })
    })

    it('locks every direct byte path: file, ZIP, range, resume and HEAD', async () => {
      for (const path of bytePaths(t)) {
        expect(await status(path.url, path.init), path.name).toBe(401)
        expect(await status(path.url, path.init, withGrant('g1.forged.grant')), `${path.name}, forged`).toBe(401)
        expect(await status(path.url, path.init, withCookie('nonsense')), `${path.name}, bad cookie`).toBe(401)
      }
    })

    it('does not take a grant of another transfer', async () => {
      const other = await sendProtected(app)
      const grant = await grantFor(app, other.uniqueId)
      expect((await app.api(t.shareUrl, { headers: withGrant(grant) })).status).toBe(401)
      expect(await status(`${t.downloadBase}?as_zip=true`, {}, withCookie(grant))).toBe(401)
    })

    it('is open to its sender, signed in, and through the sender’s own links', async () => {
      const res = await app.api(t.shareUrl, { headers: bearer(t.sender.token) })
      expect(res.status).toBe(200)
      const link = await app.api(
        `/api/transfers/${t.id}/download-url?file_key=${encodeURIComponent(t.files[0]!.key)}`,
        {
          headers: bearer(t.sender.token),
        },
      )
      const { download_url } = (await link.json()) as { download_url: string }
      const { res: got, bytes } = await fetchBytes(download_url)
      expect(got.status).toBe(200)
      expect(bytes.equals(t.files[0]!.body)).toBe(true)
    })
  })

  describe('unlocking', () => {
    it('gives a transfer-scoped httpOnly cookie and the same bearer; both open every byte path', async () => {
      const t = await sendProtected(app)
      const wrong = await unlock(app, t.uniqueId, 'not it')
      expect(wrong.status).toBe(401)
      expect(((await wrong.json()) as { code: string }).code).toBe('password_incorrect')
      expect(wrong.headers.getSetCookie()).toEqual([])

      const res = await unlock(app, t.uniqueId, password)
      expect(res.status).toBe(204)
      const token = res.headers.get('x-ferry-grant')!
      const cookies = res.headers.getSetCookie()
      expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual([
        `/api/share/${t.uniqueId}`,
        `/share/${t.uniqueId}`,
      ])
      for (const cookie of cookies) {
        expect(cookie.startsWith(`ferry_grant=${token};`)).toBe(true)
        expect(cookie).toContain('HttpOnly')
        expect(cookie).toContain('SameSite=Lax')
        expect(cookie).not.toContain('Secure') // plain http here; Secure over https
        expect(cookie).toMatch(/Max-Age=\d+/)
      }

      for (const carry of [withGrant(token), withCookie(token)]) {
        const opened = await app.api(t.shareUrl, { headers: carry })
        expect(opened.status).toBe(200)
        const body = (await opened.json()) as { transfer: { files: unknown[]; message: string } }
        expect(body.transfer.files).toHaveLength(2)
        expect(body.transfer.message).toBe('The secret plans')
        for (const path of bytePaths(t)) expect(await status(path.url, path.init, carry), path.name).toBe(path.opened)
      }

      // Byte for byte, with the grant: one file, a range, and the ZIP.
      const file = `${t.downloadBase}?file_key=${encodeURIComponent(t.files[1]!.key)}`
      const whole = await fetchBytes(file, { headers: withCookie(token) })
      expect(whole.bytes.equals(t.files[1]!.body)).toBe(true)
      const part = await fetchBytes(file, { headers: { ...withCookie(token), range: 'bytes=100-199' } })
      if (!s3) expect(part.bytes.equals(t.files[1]!.body.subarray(100, 200))).toBe(true)
      const zip = await fetchBytes(`${t.downloadBase}?as_zip=true`, { headers: withGrant(token) })
      expect(zip.res.status).toBe(200)
      const entries = readStoredZip(zip.bytes)
      expect(entries.get('file-0.bin')!.equals(t.files[0]!.body)).toBe(true)
      expect(entries.get('file-1.bin')!.equals(t.files[1]!.body)).toBe(true)
    })

    it('answers 429 with Retry-After on the Nth wrong try from a client, before checking the password', async () => {
      const t = await sendProtected(app)
      const ip = uniqueIp()
      for (let i = 0; i < perClient; i++) expect((await unlock(app, t.uniqueId, `wrong ${i}`, ip)).status).toBe(401)
      const refused = await unlock(app, t.uniqueId, password, ip)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      const body = (await refused.json()) as { code: string; retry_after_seconds: number }
      expect(body.code).toBe('rate_limited')
      expect(body.retry_after_seconds).toBe(Number(refused.headers.get('retry-after')))
      expect(refused.headers.get('x-ferry-grant')).toBeNull()
    })

    it('slows down guessing from many addresses on one transfer, and emails its owner once', async () => {
      const t = await sendProtected(app)
      // perClient wrong tries from different addresses: the transfer is now being guessed.
      for (let i = 0; i < perClient; i++) expect((await unlock(app, t.uniqueId, `wrong ${i}`)).status).toBe(401)
      // From yet another address: one try gets a slot, the next waits (the clock stands still here).
      expect((await unlock(app, t.uniqueId, 'wrong again')).status).toBe(401)
      const slowed = await unlock(app, t.uniqueId, 'and again')
      expect(slowed.status).toBe(429)
      expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0)

      const alerts = (await outbox(app)).filter((m) => m.to.includes(t.sender.email) && /guess/i.test(m.subject))
      expect(alerts).toHaveLength(1)
      expect(alerts[0]!.subject).toContain('Board pack')
      expect(alerts[0]!.text).not.toContain(password)
    })
  })

  describe('changing and removing the password', () => {
    it('revokes the old grant at once; the new password gives a new one', async () => {
      const t = await sendProtected(app)
      const old = await grantFor(app, t.uniqueId)
      expect((await app.api(t.shareUrl, { headers: withCookie(old) })).status).toBe(200)

      const changed = await patch(app, t.sender.token, t.id, { password: 'a brand new passphrase' })
      expect(changed.status).toBe(200)
      expect(((await changed.json()) as { has_password: boolean }).has_password).toBe(true)
      expect((await app.api(t.shareUrl, { headers: withCookie(old) })).status).toBe(401)
      for (const path of bytePaths(t)) expect(await status(path.url, path.init, withGrant(old)), path.name).toBe(401)
      expect((await unlock(app, t.uniqueId, password)).status).toBe(401)

      const fresh = await grantFor(app, t.uniqueId, 'a brand new passphrase')
      expect((await app.api(t.shareUrl, { headers: withGrant(fresh) })).status).toBe(200)

      // Setting the same password again is still a change: grants given before it stop working.
      expect((await patch(app, t.sender.token, t.id, { password: 'a brand new passphrase' })).status).toBe(200)
      expect((await app.api(t.shareUrl, { headers: withGrant(fresh) })).status).toBe(401)
    })

    it('opens the transfer to the link once removed, and a later password locks it again', async () => {
      const t = await sendProtected(app)
      const old = await grantFor(app, t.uniqueId)
      const removed = await patch(app, t.sender.token, t.id, { password: null })
      expect(removed.status).toBe(200)
      expect((await transferRow(app, t.id))!.passwordHash).toBeNull()
      expect((await app.api(t.shareUrl)).status).toBe(200)
      expect(await status(`${t.downloadBase}?as_zip=true`, {})).toBe(200)

      // Viewed twice, so the view is kept (decision 0040): the password must lock it at once all the same.
      expect((await app.api(t.shareUrl)).status).toBe(200)
      expect((await app.api(t.shareUrl)).status).toBe(200)
      expect((await patch(app, t.sender.token, t.id, { password })).status).toBe(200)
      expect((await app.api(t.shareUrl, { headers: withGrant(old) })).status).toBe(401)
      expect((await app.api(t.shareUrl)).status).toBe(401)
    })

    it('lets only the owner change it, and edits the title and message too', async () => {
      const t = await sendProtected(app)
      const stranger = await signUp(app, 'PREMIUM')
      expect((await patch(app, stranger.token, t.id, { password: null })).status).toBe(404)
      expect((await patch(app, t.sender.token, t.id, { password: 'abc' })).status).toBe(400)
      expect((await patch(app, t.sender.token, t.id, { nonsense: true })).status).toBe(400)
      const res = await patch(app, t.sender.token, t.id, { title: 'Board pack v2', message: '' })
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ title: 'Board pack v2', message: '', has_password: true })
      const unauthenticated = await app.api(`/api/transfers/${t.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{',
      })
      expect(unauthenticated.status).toBe(401)
    })
  })
}, stacks)

describe('what the logs keep', () => {
  const logLines: string[] = []
  let app: TestApp
  beforeAll(async () => {
    app = await buildTestApp({ ...stacks[0]!, clock: undefined, logLines })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('never holds a transfer password, set, changed, tried or refused in a URL', async () => {
    const t = await sendProtected(app, { pass: 'log-canary-one' })
    await unlock(app, t.uniqueId, 'log-canary-wrong')
    await unlock(app, t.uniqueId, 'log-canary-one')
    await patch(app, t.sender.token, t.id, { password: 'log-canary-two' })
    await app.api(`/api/share/${t.uniqueId}?password=log-canary-url`)
    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.join('\n')).not.toMatch(/log-canary/)
  })
})
