import type { LoginResponse } from '@ferry/contracts/api/auth'
import { afterEach, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { createLinkAs } from '../request-links/testing/request-links-test-kit.js'
import { confirmSender } from '../sender-confirmation/testing/sender-confirmation-test-kit.js'
import { postTransfer, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import {
  authStacks,
  bearer,
  confirmAccount,
  confirmationMail,
  confirmationSecrets,
  createTestClock,
  postJson,
  registerAccount,
  uniqueEmail,
  uniqueIp,
} from './testing/auth-test-kit.js'

// spec/accounts.md §2, security review M-2: an account proves it owns its address (the emailed
// link, which leads to a page that confirms with a POST, or the 6-digit code) before Ferry sends
// mail in its name.

const clock = createTestClock()
afterEach(() => clock.reset())

await forEachStack(
  (getApp) => {
    const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
    const confirm = (body: Record<string, unknown>, ip = uniqueIp()) =>
      postJson(api, '/auth/confirm-email', body, { 'x-forwarded-for': ip })
    const me = async (token: string) =>
      ((await (await postJson(api, '/auth/verify', { token })).json()) as { user: LoginResponse['user'] }).user

    it('signs up at once, unconfirmed, and emails a link (token in the fragment) and a 6-digit code', async () => {
      const email = uniqueEmail('fresh')
      const res = await postJson(api, '/auth/register', { email, password: 'correct horse battery', name: 'Fresh' })
      expect(res.status).toBe(201)
      const body = (await res.json()) as LoginResponse
      expect(body.access_token).toBeTruthy()
      expect(body.user.email_confirmed).toBe(false)

      const mail = await confirmationMail(getApp(), email)
      expect(mail.subject).toBe('Confirm your email address for Ferry')
      const { token, code } = confirmationSecrets(mail)
      expect(code).toMatch(/^\d{6}$/)
      expect(mail.links).toContain(`${getApp().deps.config.publicUrl}/confirm-email#token=${token}`)
      // Only hashes are stored.
      const stored = JSON.stringify(
        await getApp().deps.database.db.execute('select * from email_confirmations' as never),
      )
      expect(stored).not.toContain(token)
      expect(stored).not.toContain(`"${code}"`)
    })

    it('writes the email in the language of the sign-up', async () => {
      const email = uniqueEmail('es')
      const res = await postJson(api, '/auth/register', {
        email,
        password: 'correct horse battery',
        name: 'Eva',
        language: 'es',
      })
      expect(res.status).toBe(201)
      const mail = await confirmationMail(getApp(), email)
      expect(mail.subject).toBe('Confirma tu dirección de correo en Ferry')
      expect(mail.text).toContain('introduce este código')
    })

    it('confirms by the link token once: 204, the user says so, the token is then refused', async () => {
      const account = await registerAccount(api)
      const { token } = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      expect((await me(account.access_token)).email_confirmed).toBe(false)

      expect((await confirm({ token })).status).toBe(204)
      expect((await me(account.access_token)).email_confirmed).toBe(true)

      const reused = await confirm({ token })
      expect(reused.status).toBe(400)
      expect(await reused.json()).toMatchObject({ code: 'email_confirmation_invalid' })
    })

    it('confirms by email and code once; the code of the same email is then used up', async () => {
      const account = await registerAccount(api)
      const { code, token } = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      expect((await confirm({ email: account.user.email.toUpperCase(), code })).status).toBe(204)
      expect((await me(account.access_token)).email_confirmed).toBe(true)
      expect((await confirm({ email: account.user.email, code })).status).toBe(400)
      expect((await confirm({ token })).status).toBe(400)
    })

    it('refuses a wrong token, a wrong code, and malformed bodies with clear 400s', async () => {
      const account = await registerAccount(api)
      const { code } = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      const wrongCode = code === '000000' ? '000001' : '000000'
      for (const body of [{ token: 'not-a-token' }, { email: account.user.email, code: wrongCode }]) {
        const res = await confirm(body)
        expect(res.status).toBe(400)
        expect(await res.json()).toEqual({
          code: 'email_confirmation_invalid',
          detail:
            'This confirmation link or code is invalid, has expired or has already been used. Ask for a new email and try again.',
        })
      }
      for (const body of [{}, { email: account.user.email }, { email: account.user.email, code: '12ab' }]) {
        const res = await confirm(body)
        expect(res.status).toBe(400)
        expect(await res.json()).toMatchObject({ code: 'validation_failed' })
      }
      // Unknown address: the same answer as a wrong code.
      const unknown = await confirm({ email: uniqueEmail('nobody'), code })
      expect(unknown.status).toBe(400)
      expect(await unknown.json()).toMatchObject({ code: 'email_confirmation_invalid' })
      // The right code still works after one wrong guess.
      expect((await confirm({ email: account.user.email, code })).status).toBe(204)
    })

    it('kills the code after 5 wrong guesses, while the link still confirms', async () => {
      const account = await registerAccount(api)
      const { code, token } = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      // Spread over rate-limit windows, so only the confirmation's own count of wrong codes stops them.
      for (let i = 0; i < 5; i++) {
        expect((await confirm({ email: account.user.email, code: wrong })).status).toBe(400)
        clock.advance(15 * 60_000 + 1000)
      }
      expect((await confirm({ email: account.user.email, code })).status).toBe(400)
      expect((await confirm({ token })).status).toBe(204)
    })

    it('refuses a link and a code after they expire (48 hours)', async () => {
      const account = await registerAccount(api)
      const { code, token } = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      clock.advance(48 * 3600_000 + 1000)
      expect((await confirm({ token })).status).toBe(400)
      expect((await confirm({ email: account.user.email, code })).status).toBe(400)
      expect((await me(account.access_token)).email_confirmed).toBe(false)
    })

    it('resends a new link and code (the old ones stop working), throttled to 3 an hour', async () => {
      const account = await registerAccount(api)
      const first = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      const resend = () => postJson(api, '/auth/confirm-email/resend', undefined, bearer(account.access_token))
      expect((await postJson(api, '/auth/confirm-email/resend')).status).toBe(401)
      expect((await resend()).status).toBe(204)
      const second = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      expect(second.token).not.toBe(first.token)
      expect((await resend()).status).toBe(204)
      expect((await resend()).status).toBe(204)
      const refused = await resend()
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000)

      expect((await confirm({ token: first.token })).status).toBe(400)
      const latest = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      expect((await confirm({ token: latest.token })).status).toBe(204)
      // Confirmed: a resend does nothing and sends nothing.
      clock.advance(3600_000 + 1000)
      expect((await resend()).status).toBe(204)
      const after = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      expect(after.token).toBe(latest.token)
    })

    it('answers 403 email_unconfirmed to a transfer and a request link before confirming, and lets them after', async () => {
      const app = getApp()
      const account = await registerAccount(api)
      const sender = { token: account.access_token, id: account.user.id, email: account.user.email, name: 'T' }
      const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('hello') }])
      const payload = { files, recipient_emails: ['someone@example.com'], title: 'Hi', message: '' }

      const transfer = await postTransfer(app, sender.token, payload)
      expect(transfer.status).toBe(403)
      expect(transfer.body).toEqual({
        code: 'email_unconfirmed',
        detail:
          'Please confirm your email address first: open the link or enter the 6-digit code we emailed you. Then you can send transfers and create request links.',
      })
      const link = await createLinkAs(api, sender.token, {})
      expect(link.status).toBe(403)
      expect(link.body.code).toBe('email_unconfirmed')

      await confirmAccount(app, sender.email)
      // Then the Free plan's sender code (issue 18 item 7), before the first transfer.
      expect((await postTransfer(app, sender.token, payload)).body.code).toBe('sender_confirmation_required')
      await confirmSender(app, sender.token, sender.email)
      expect((await postTransfer(app, sender.token, payload)).status).toBe(201)
      expect((await createLinkAs(api, sender.token, {})).status).toBe(201)
    })

    it('rate limits code guesses per address before any code is compared', async () => {
      const account = await registerAccount(api)
      const { code } = confirmationSecrets(await confirmationMail(getApp(), account.user.email))
      // The per-email limit of this stack is AUTH_RATE_LIMIT_PER_ACCOUNT = 4.
      for (let i = 0; i < 4; i++)
        await confirm({ email: account.user.email, code: '999999' === code ? '999998' : '999999' })
      const refused = await confirm({ email: account.user.email, code })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBeTruthy()
    })
  },
  authStacks({ clock, env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '4' } }),
)
