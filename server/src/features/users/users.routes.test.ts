import type { AdminUserCreateResponse } from '@ferry/contracts/api/admin'
import type { User } from '@ferry/contracts/api/users'
import { describe, expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { client, unique } from '../admin/testing/admin-test-kit.js'
import { registerAccount } from '../auth/testing/auth-test-kit.js'
import { createLinkAs } from '../request-links/testing/request-links-test-kit.js'
import { outbox, postTransfer, randomBody, signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import { as, uploadStacks, uploadWhole } from '../uploads/testing/uploads-test-kit.js'

const { stacks } = uploadStacks()

/** The mails sent while `action` ran. */
async function mailsDuring(app: TestApp, action: () => Promise<unknown>) {
  const before = (await outbox(app)).length
  await action()
  return (await outbox(app)).slice(before)
}

await forEachStack((getApp) => {
  const setLanguage = (token: string | undefined, body: unknown) =>
    client(getApp().api, token).put<User>('/api/users/me/language', body)

  describe('PUT /api/users/me/language', () => {
    it('answers 401 without login, 400 for a language Ferry does not ship, and stores en or es', async () => {
      const app = getApp()
      expect((await setLanguage(undefined, { language: 'es' })).status).toBe(401)
      const user = await signUp(app)
      expect(await setLanguage(user.token, { language: 'fr' })).toMatchObject({ status: 400 })
      expect(await setLanguage(user.token, {})).toMatchObject({ status: 400 })
      const stored = await setLanguage(user.token, { language: 'es' })
      expect(stored).toMatchObject({ status: 200, body: { id: user.id, language: 'es' } })
    })

    it('sign-up keeps the language the page was in, English by default', async () => {
      const app = getApp()
      expect((await registerAccount(app.api)).user.language).toBe('en')
      const res = await app.api('/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: unique('es'), password: 'a long password', name: 'Lucía', language: 'es' }),
      })
      expect(((await res.json()) as { user: User }).user.language).toBe('es')
    })
  })

  describe('emails follow the language of the person whose action sent them', () => {
    it('a transfer email is in the sender’s language', async () => {
      const app = getApp()
      const sender = await signUp(app, 'FREE', 'Lucía Pérez')
      await setLanguage(sender.token, { language: 'es' })
      const files = await uploadFiles(app, sender, [{ name: 'fotos.zip', body: randomBody(2048) }])
      const [mail, ...rest] = await mailsDuring(app, async () => {
        expect((await postTransfer(app, sender.token, { files, recipient_email: 'pablo@example.com' })).status).toBe(
          201,
        )
      })
      expect(rest).toEqual([])
      expect(mail?.subject).toBe('Lucía Pérez te ha enviado 1 archivo')
      expect(mail?.text).toContain('- fotos.zip (2 KiB)')
      expect(mail?.text).toMatch(/Los archivos estarán disponibles hasta el \d+ de \p{L}+ de \d{4}/u)
      expect(mail?.html).toContain('<html lang="es">')
    })

    it('a request-link notice is in the requester’s language', async () => {
      const app = getApp()
      const requester = await signUp(app, 'FREE', 'Rita')
      await setLanguage(requester.token, { language: 'es' })
      const { request_id } = (await createLinkAs(app.api, requester.token, { expires_in_days: 2 })).body
      const body = randomBody(100)
      const key = await uploadWhole(app.api, as(), body, {
        filename: 'a.txt',
        content_type: 'text/plain',
        file_size: body.length,
        request_id,
      })
      const [mail] = await mailsDuring(app, async () => {
        const res = await client(app.api).post(`/api/file-request/${request_id}/upload`, {
          files: [{ file_key: key, file_name: 'a.txt', file_size: body.length }],
          sender_name: 'Vic',
        })
        expect(res.status).toBe(201)
      })
      expect(mail?.subject).toContain('ha subido 1 archivo a tu solicitud de archivos')
      expect(mail?.text).toContain('Verlos en Archivos recibidos:')
    })

    it('an account an admin creates starts in the admin’s language, and so does its invitation', async () => {
      const app = getApp()
      const admin = await signUp(app, 'ADMIN', 'Ada')
      await setLanguage(admin.token, { language: 'es' })
      const email = unique('nuevo')
      const [mail] = await mailsDuring(app, async () => {
        const res = await client(app.api, admin.token).post<AdminUserCreateResponse>('/api/admin/users', {
          name: 'Nuevo',
          email,
          role: 'FREE',
        })
        expect(res.body.user.language).toBe('es')
      })
      expect(mail?.to).toContain(email)
      expect(mail?.subject).toBe('Tu cuenta de Ferry: elige una contraseña')
    })
  })
}, stacks)
