import path from 'node:path'
import type { AccountResponse } from '@ferry/contracts/api/account'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  accountTokens,
  receivedFiles,
  receivedGroups,
  requestLinks,
  transferFiles,
  transfers,
  users,
  webhookEndpoints,
} from '../../db/schema/index.js'
import { readOutbox } from '../../testing/mail-reader.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authCookieFrom, bearer, postJson, uniqueEmail, uniqueIp } from '../auth/testing/auth-test-kit.js'
import {
  postTransfer,
  randomBody,
  readStoredZip,
  type Sender,
  signUp,
  uploadFiles,
} from '../transfers/testing/transfers-test-kit.js'
import { as, uploadStacks, uploadWhole } from '../uploads/testing/uploads-test-kit.js'
import { createUsersService } from '../users/users.service.js'

// product.md §23: the profile's settings, deleting the account and downloading its data.

// Five password checks per account and window, to see the sixth refused.
const { stacks } = uploadStacks({ env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '5' } })
const password = 'correct horse battery'

const mailsTo = async (app: TestApp, email: string) =>
  (await readOutbox(path.join(app.dataDir, 'mail'))).filter((mail) => mail.to.includes(email))

const fragmentToken = (link: string) => decodeURIComponent(/#token=([^&\s]+)/.exec(link)![1]!)

await forEachStack((getApp) => {
  const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
  const send = (method: string, pathname: string, token: string | undefined, body?: unknown) =>
    api(pathname, {
      method,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-forwarded-for': uniqueIp(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const account = async (token: string) => (await (await send('GET', '/api/account', token)).json()) as AccountResponse
  const login = (email: string, pass: string) =>
    postJson(api, '/auth/login', { email, password: pass }, { 'x-forwarded-for': uniqueIp() })
  const tokenOf = async (res: Response) => ((await res.json()) as { access_token: string }).access_token

  it('needs a session (401 before the body is looked at)', async () => {
    for (const [method, pathname] of [
      ['GET', '/api/account'],
      ['PUT', '/api/account/name'],
      ['POST', '/api/account/email'],
      ['PUT', '/api/account/password'],
      ['POST', '/api/account/delete'],
      ['GET', '/api/account/export'],
      ['GET', '/api/account/export.zip'],
    ] as const) {
      const res = await send(method, pathname, undefined, method === 'GET' ? undefined : { junk: true })
      expect(res.status, `${method} ${pathname}`).toBe(401)
    }
  })

  it('shows the account and changes the name', async () => {
    const me = await signUp(getApp())
    expect(await account(me.token)).toMatchObject({
      user: { id: me.id, email: me.email, name: me.name },
      has_password: true,
      pending_email: null,
    })
    const res = await send('PUT', '/api/account/name', me.token, { name: '  Ana Renamed ' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ name: 'Ana Renamed' })
    expect((await account(me.token)).user.name).toBe('Ana Renamed')
    const empty = await send('PUT', '/api/account/name', me.token, { name: '   ' })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ code: 'validation_failed' })
  })

  describe('changing the email', () => {
    it('takes effect only when the new address opens its link, and tells the old address', async () => {
      const me = await signUp(getApp(), 'FREE', 'Eli Mover')
      const newEmail = uniqueEmail('moved')
      const wrong = await send('POST', '/api/account/email', me.token, { email: newEmail, current_password: 'nope' })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toMatchObject({ code: 'current_password_wrong' })
      const same = await send('POST', '/api/account/email', me.token, { email: me.email, current_password: password })
      expect(await same.json()).toMatchObject({ code: 'email_change_same' })
      const other = await signUp(getApp())
      const taken = await send('POST', '/api/account/email', me.token, {
        email: other.email,
        current_password: password,
      })
      expect(taken.status).toBe(409)
      expect(await taken.json()).toMatchObject({ code: 'account_email_taken' })

      const res = await send('POST', '/api/account/email', me.token, {
        email: newEmail.toUpperCase(),
        current_password: password,
      })
      expect(res.status).toBe(202)
      expect(await res.json()).toEqual({ pending_email: newEmail })
      expect((await account(me.token)).pending_email).toBe(newEmail)

      const [mail] = await mailsTo(getApp(), newEmail)
      expect(mail!.subject).toBe('Confirm your new email address for Ferry')
      const link = mail!.links.find((l) => l.includes('/confirm-email-change#token='))!
      const token = fragmentToken(link)
      // Nothing changed yet: the old address still signs in.
      expect((await login(me.email, password)).status).toBe(200)

      const confirmed = await postJson(api, '/api/account/email/confirm', { token }, { 'x-forwarded-for': uniqueIp() })
      expect(confirmed.status).toBe(204)
      expect(await account(me.token)).toMatchObject({ user: { email: newEmail }, pending_email: null })
      expect((await login(newEmail, password)).status).toBe(200)
      expect((await login(me.email, password)).status).toBe(401)

      const notice = (await mailsTo(getApp(), me.email)).find(
        (m) => m.subject === 'The email address of your Ferry account was changed',
      )
      expect(notice).toBeTruthy()
      expect(notice?.text).toContain(newEmail)

      const again = await postJson(api, '/api/account/email/confirm', { token }, { 'x-forwarded-for': uniqueIp() })
      expect(again.status).toBe(400)
      expect(await again.json()).toMatchObject({ code: 'email_change_invalid' })
    })

    it('tells an expired link apart (410), and keeps the old address', async () => {
      const me = await signUp(getApp())
      const newEmail = uniqueEmail('late')
      const res = await send('POST', '/api/account/email', me.token, { email: newEmail, current_password: password })
      expect(res.status).toBe(202)
      const [mail] = await mailsTo(getApp(), newEmail)
      const token = fragmentToken(mail!.links.find((l) => l.includes('/confirm-email-change#token='))!)
      await getApp()
        .deps.database.db.update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.newEmail, newEmail))
      const late = await postJson(api, '/api/account/email/confirm', { token }, { 'x-forwarded-for': uniqueIp() })
      expect(late.status).toBe(410)
      expect(await late.json()).toMatchObject({ code: 'email_change_expired' })
      expect((await account(me.token)).user.email).toBe(me.email)
      const again = await postJson(api, '/api/account/email/confirm', { token }, { 'x-forwarded-for': uniqueIp() })
      expect(await again.json()).toMatchObject({ code: 'email_change_invalid' })
    })
  })

  describe('changing the password', () => {
    it('needs the current one; other sessions end, this one carries on with a new cookie', async () => {
      const me = await signUp(getApp())
      const phone = await tokenOf(await login(me.email, password))
      const wrong = await send('PUT', '/api/account/password', me.token, {
        current_password: 'not it',
        new_password: 'another fine passphrase',
      })
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toMatchObject({ code: 'current_password_wrong' })
      expect((await send('GET', '/api/account', phone)).status).toBe(200)

      const res = await send('PUT', '/api/account/password', me.token, {
        current_password: password,
        new_password: 'another fine passphrase',
      })
      expect(res.status).toBe(204)
      const cookie = authCookieFrom(res)
      expect(cookie).toBeTruthy()
      expect((await send('GET', '/api/account', phone)).status).toBe(401)
      expect((await send('GET', '/api/account', me.token)).status).toBe(401)
      expect((await send('GET', '/api/account', cookie)).status).toBe(200)
      expect((await login(me.email, password)).status).toBe(401)
      expect((await login(me.email, 'another fine passphrase')).status).toBe(200)
      expect((await mailsTo(getApp(), me.email)).map((m) => m.subject)).toContain('Your Ferry password was changed')
    })

    it('limits password checks per account before comparing (429, even for the right one)', async () => {
      const me = await signUp(getApp())
      for (let i = 0; i < 5; i++) {
        const wrong = await send('POST', '/api/account/delete', me.token, { confirmation: `guess ${i}` })
        expect(wrong.status).toBe(400)
      }
      const refused = await send('PUT', '/api/account/password', me.token, {
        current_password: password,
        new_password: 'another fine passphrase',
      })
      expect(refused.status).toBe(429)
    })
  })

  describe('downloading my data', () => {
    it('gives JSON of the account and its records, and a ZIP of it with the active transfers’ files', async () => {
      const me = await signUp(getApp(), 'FREE', 'Dora Data')
      const body = randomBody(2048)
      const files = await uploadFiles(getApp(), me, [{ name: 'folder/report.bin', body }])
      const created = await postTransfer(getApp(), me.token, {
        files,
        recipient_email: 'someone@example.com',
        title: 'Quarterly',
      })
      expect(created.status).toBe(201)
      const made = await postJson(
        getApp().api,
        '/api/keys',
        { name: 'Backups', scopes: ['transfers:read'] },
        bearer(me.token),
      )
      const { key } = (await made.json()) as { key: string }
      await getApp()
        .deps.database.db.insert(webhookEndpoints)
        .values({
          userId: me.id,
          url: 'https://hooks.example.com/x',
          events: ['transfer.created'],
          secretSealed: 'v1.sealed',
        })

      const res = await send('GET', '/api/account/export', me.token)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toMatch(
        /attachment; filename="ferry-account-\d{4}-\d\d-\d\d\.json"/,
      )
      const data = (await res.json()) as Record<string, unknown> & { transfers: Array<Record<string, unknown>> }
      expect(data.account).toMatchObject({ id: me.id, email: me.email, name: 'Dora Data' })
      expect(data.transfers).toHaveLength(1)
      expect(data.transfers[0]).toMatchObject({
        title: 'Quarterly',
        files: [{ name: 'folder/report.bin', size: 2048 }],
        recipients: [{ email: 'someone@example.com' }],
      })
      expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash/)
      // API keys by name and prefix, never the key or its hash.
      expect(data.api_keys).toEqual([
        expect.objectContaining({ name: 'Backups', prefix: key.slice(0, 10), scopes: ['transfers:read'] }),
      ])
      expect(JSON.stringify(data)).not.toContain(key)
      expect(JSON.stringify(data)).not.toMatch(/key_hash|keyHash/)
      // Webhook endpoints without their secrets.
      expect(data.webhook_endpoints).toEqual([
        expect.objectContaining({ url: 'https://hooks.example.com/x', events: ['transfer.created'], enabled: true }),
      ])
      expect(JSON.stringify(data)).not.toContain('v1.sealed')

      const zip = await send('GET', '/api/account/export.zip', me.token)
      expect(zip.status).toBe(200)
      expect(zip.headers.get('content-type')).toBe('application/zip')
      const bytes = Buffer.from(await zip.arrayBuffer())
      expect(Number(zip.headers.get('content-length'))).toBe(bytes.length)
      const entries = readStoredZip(bytes)
      const names = [...entries.keys()]
      expect(names[0]).toBe('account.json')
      expect(JSON.parse(entries.get('account.json')!.toString())).toMatchObject({ account: { id: me.id } })
      const fileEntry = names.find((n) => n.endsWith('/folder/report.bin'))
      expect(fileEntry).toMatch(/^transfers\/\d{4}-\d\d-\d\d Quarterly\/folder\/report\.bin$/)
      expect(entries.get(fileEntry!)!.equals(body)).toBe(true)
    })
  })

  describe('deleting my account', () => {
    /** A transfer with a file, and a request link with a received file: everything with stored bytes. */
    async function fillAccount(me: Sender) {
      const app = getApp()
      const files = await uploadFiles(app, me, [{ name: 'a.bin', body: randomBody(1000) }])
      const transfer = await postTransfer(app, me.token, { files, recipient_email: 'r@example.com' })
      expect(transfer.status).toBe(201)
      const link = await postJson(api, '/file-request/create', {}, { ...bearer(me.token), 'x-requested-with': 'x' })
      expect(link.status).toBe(201)
      const requestId = ((await link.json()) as { request_id: string }).request_id
      const key = await uploadWhole(api, as(), randomBody(500), {
        filename: 'got.bin',
        content_type: 'application/octet-stream',
        file_size: 500,
        request_id: requestId,
      })
      const upload = await postJson(api, `/api/file-request/${requestId}/upload`, {
        files: [{ file_key: key, file_name: 'got.bin', file_size: 500 }],
      })
      expect(upload.status).toBe(201)
      // The stored keys, as the rows have them (an upload's key changes when it is claimed).
      const { db } = app.deps.database
      const transferId = String(transfer.body.id)
      const sent = await db.select().from(transferFiles).where(eq(transferFiles.transferId, transferId))
      const received = await db
        .select({ key: receivedFiles.fileKey })
        .from(receivedFiles)
        .innerJoin(receivedGroups, eq(receivedGroups.id, receivedFiles.groupId))
        .where(eq(receivedGroups.requestId, requestId))
      const keys = [...sent.map((f) => f.fileKey), ...received.map((f) => f.key)]
      expect(keys).toHaveLength(2)
      return { keys, requestId, transferId }
    }

    it('refuses a wrong password and keeps everything', async () => {
      const me = await signUp(getApp())
      const res = await send('POST', '/api/account/delete', me.token, { confirmation: 'wrong one' })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'current_password_wrong' })
      expect((await send('GET', '/api/account', me.token)).status).toBe(200)
    })

    it('deletes the rows and the stored files, ends the session and emails afterwards', async () => {
      const app = getApp()
      const { db } = app.deps.database
      const me = await signUp(app, 'FREE', 'Gone Soon')
      const owned = await fillAccount(me)
      for (const key of owned.keys) expect(await app.deps.blobs.stat(key)).toBeTruthy()

      const res = await send('POST', '/api/account/delete', me.token, { confirmation: password })
      expect(res.status).toBe(204)
      expect(res.headers.getSetCookie().join()).toMatch(/ferry_token=;/)

      expect(await db.select().from(users).where(eq(users.id, me.id))).toEqual([])
      expect(await db.select().from(transfers).where(eq(transfers.id, owned.transferId))).toEqual([])
      expect(await db.select().from(requestLinks).where(eq(requestLinks.id, owned.requestId))).toEqual([])
      expect(await db.select().from(transferFiles).where(inArray(transferFiles.fileKey, owned.keys))).toEqual([])
      expect(await db.select().from(receivedFiles).where(inArray(receivedFiles.fileKey, owned.keys))).toEqual([])
      expect(await db.select().from(accountTokens).where(eq(accountTokens.userId, me.id))).toEqual([])
      for (const key of owned.keys) expect(await app.deps.blobs.stat(key)).toBeFalsy()

      expect((await send('GET', '/api/account', me.token)).status).toBe(401)
      expect((await login(me.email, password)).status).toBe(401)
      const goodbye = (await mailsTo(app, me.email)).at(-1)
      expect(goodbye?.subject).toBe('Your Ferry account has been deleted')
      expect(goodbye?.text).toContain('request links')
    })

    it('keeps the last administrator', async () => {
      const app = getApp()
      const me = await signUp(app)
      const accounts = createUsersService(app.deps)
      const admins = await app.deps.database.db.select().from(users).where(eq(users.role, 'ADMIN'))
      for (const admin of admins) await accounts.setRole(admin.email, 'FREE')
      await accounts.setRole(me.email, 'ADMIN')
      const res = await send('POST', '/api/account/delete', me.token, { confirmation: password })
      expect(res.status).toBe(409)
      expect(await res.json()).toMatchObject({ code: 'account_last_admin' })
      for (const admin of admins) await accounts.setRole(admin.email, admin.role)
      await accounts.setRole(me.email, 'FREE')
    })
  })
}, stacks)
