import type { ShareResponse, Transfer } from '@ferry/contracts/api/transfers'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../../testing/test-app.js'
import { bearer } from '../../auth/testing/auth-test-kit.js'
import { getJson, postTransfer, signUp, uploadFiles } from '../testing/transfers-test-kit.js'
import { enterpriseSender, patchTransfer, sendRoom, tag } from './testing/data-room-test-kit.js'

// Issue 19 item 3: turning the clean data room on, on create and PATCH; its plan flag and its
// need of verified recipients.

const pdf = Buffer.from('%PDF-1.4\n% not a real document\n')

await forEachStack((getApp) => {
  describe('clean_data_room on POST and PATCH /api/transfers', () => {
    it('needs the plan flag: 403 plan_feature_missing on a plan without it (Business), on create and PATCH', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const files = await uploadFiles(app, sender, [{ name: 'a.pdf', body: pdf }])
      const body = { files, recipient_emails: [`r-${tag()}@example.com`] }
      const refused = await postTransfer(app, sender.token, { ...body, clean_data_room: true })
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('plan_feature_missing')
      const pdfOnly = await postTransfer(app, sender.token, { ...body, data_room_pdf_download: true })
      expect(pdfOnly.body.code).toBe('plan_feature_missing')
      const made = await postTransfer(app, sender.token, body)
      expect(made.status).toBe(201)
      const patched = await patchTransfer(app, sender, made.body.id as string, { clean_data_room: true })
      expect(patched.status).toBe(403)
      expect(patched.body.code).toBe('plan_feature_missing')
    })

    it('sets access to recipients when omitted, and shows both fields in the detail and the share', async () => {
      const app = getApp()
      const sender = await enterpriseSender(app)
      const rita = `rita-${tag()}@example.com`
      const room = await sendRoom(app, sender, [{ name: 'a.pdf', body: pdf }], [rita], {
        data_room_pdf_download: true,
      })
      const detail = await getJson<Transfer>(app, `/api/transfers/${room.id}`, sender.token)
      expect(detail.body).toMatchObject({ clean_data_room: true, data_room_pdf_download: true, access: 'recipients' })
      const share = await getJson<ShareResponse>(app, `/api/share/${room.uniqueId}`, sender.token)
      expect(share.body.transfer).toMatchObject({ clean_data_room: true, data_room_pdf_download: true })
      const [file] = share.body.transfer.files
      expect(file).toMatchObject({ preview_url: null, thumbnail_url: null, data_room_status: 'pending' })
      expect(file!.data_room_pages).toBeNull()
      // Only the recipients may open it: without a grant, 401 verification_required.
      const locked = await app.api(`/api/share/${room.uniqueId}?t=${room.links[0]!.t}`)
      expect(locked.status).toBe(401)
      expect(((await locked.json()) as { code: string }).code).toBe('verification_required')
    })

    it('answers 422 data_room_needs_recipients with access link or without recipients', async () => {
      const app = getApp()
      const sender = await enterpriseSender(app)
      const files = await uploadFiles(app, sender, [{ name: 'a.pdf', body: pdf }])
      const withLink = await postTransfer(app, sender.token, {
        files,
        recipient_emails: [`r-${tag()}@example.com`],
        clean_data_room: true,
        access: 'link',
      })
      expect(withLink.status).toBe(422)
      expect(withLink.body.code).toBe('data_room_needs_recipients')
      expect(withLink.body.detail).toMatch(/only to its recipients/)

      const made = await postTransfer(app, sender.token, { files, recipient_emails: [`r-${tag()}@example.com`] })
      expect(made.status).toBe(201)
      const id = made.body.id as string
      const linkPatch = await patchTransfer(app, sender, id, { clean_data_room: true, access: 'link' })
      expect(linkPatch.body.code).toBe('data_room_needs_recipients')
      const on = await patchTransfer(app, sender, id, { clean_data_room: true })
      expect(on.status).toBe(200)
      expect(on.body).toMatchObject({ clean_data_room: true, access: 'recipients' })
      // While it is a data room, access cannot go back to the link.
      const back = await patchTransfer(app, sender, id, { access: 'link' })
      expect(back.status).toBe(422)
      expect(back.body.code).toBe('data_room_needs_recipients')
      const off = await patchTransfer(app, sender, id, { clean_data_room: false, access: 'link' })
      expect(off.status).toBe(200)
      expect(off.body).toMatchObject({ clean_data_room: false, access: 'link' })
    })

    it('the sender still gets a download URL on the share page', async () => {
      const app = getApp()
      const sender = await enterpriseSender(app)
      const room = await sendRoom(app, sender, [{ name: 'a.pdf', body: pdf }], [`r-${tag()}@example.com`])
      const res = await app.api(`/api/share/${room.uniqueId}`, { headers: bearer(sender.token) })
      expect(((await res.json()) as ShareResponse).download_url).not.toBeNull()
    })
  })
})
