import type { Transfer } from '@ferry/contracts/api/transfers'
import { describe, expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks } from '../auth/testing/auth-test-kit.js'
import {
  getJson,
  postTransfer,
  randomBody,
  type Sender,
  setExpiry,
  share,
  signUp,
  transferRow,
  uploadFiles,
} from './testing/transfers-test-kit.js'
import { createExpiredTransfersSweeper, transfersJobs } from './transfers.jobs.js'
import { createTransfersRepository } from './transfers.repository.js'

const day = 24 * 3600_000

await forEachStack((getApp) => {
  async function sent(app: TestApp, sender: Sender) {
    const files = await uploadFiles(app, sender, [
      { name: 'a.bin', body: randomBody(100) },
      { name: 'b.bin', body: randomBody(200) },
    ])
    const res = await postTransfer(app, sender.token, { files, recipient_email: 'r@example.com' })
    expect(res.status).toBe(201)
    const { body } = await getJson<Transfer>(app, `/api/transfers/${res.body.id}`, sender.token)
    return body
  }

  const stored = async (app: TestApp, transfer: Transfer) =>
    Promise.all(transfer.files.map(async (f) => (await app.deps.blobs.stat(f.file_key)) !== null))

  describe('the sweep-expired-transfers job', () => {
    it('is registered under that name', () => {
      expect(transfersJobs(getApp().deps).map((j) => j.name)).toEqual([
        'sweep-expired-transfers',
        'transfer-reminders',
        'sweep-recipient-codes',
      ])
    })

    it('deletes the files of expired transfers without recovery, and keeps the record', async () => {
      const app = getApp()
      const sender = await signUp(app, 'FREE')
      const active = await sent(app, sender)
      const expired = await sent(app, sender)
      await setExpiry(app, expired.id, new Date(Date.now() - 1000))

      const result = await createExpiredTransfersSweeper(app.deps).sweep()
      expect(result.purged).toBeGreaterThanOrEqual(1)
      expect(await stored(app, expired)).toEqual([false, false])
      expect((await transferRow(app, expired.id))!.filesDeletedAt).not.toBeNull()
      expect(await stored(app, active)).toEqual([true, true])
      expect((await transferRow(app, active.id))!.filesDeletedAt).toBeNull()
      // Still listed, as expired.
      const own = await share(app, expired.unique_id, { token: sender.token })
      expect(own.body.transfer.status).toBe('expired')
    })

    it('keeps the files of a plan with recovery for the 7-day grace, then deletes them', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const transfer = await sent(app, sender)
      const expiresAt = new Date(Date.now() - 1000)
      await setExpiry(app, transfer.id, expiresAt, new Date(expiresAt.getTime() + 7 * day))
      await createExpiredTransfersSweeper(app.deps).sweep()
      expect(await stored(app, transfer)).toEqual([true, true])

      await setExpiry(app, transfer.id, new Date(Date.now() - 8 * day), new Date(Date.now() - day))
      await createExpiredTransfersSweeper(app.deps).sweep()
      expect(await stored(app, transfer)).toEqual([false, false])
    })

    it('finishes the deletion of deleted transfers whose files are still there', async () => {
      const app = getApp()
      const sender = await signUp(app, 'FREE')
      const transfer = await sent(app, sender)
      // As if the delete's own file removal had failed.
      await createTransfersRepository(app.deps.database.db).softDelete(transfer.id, new Date())
      expect(await stored(app, transfer)).toEqual([true, true])
      await createExpiredTransfersSweeper(app.deps).sweep()
      expect(await stored(app, transfer)).toEqual([false, false])
    })

    it('purges each transfer once when several instances sweep at the same time', async () => {
      const app = getApp()
      const sender = await signUp(app, 'FREE')
      const batch = await Promise.all(Array.from({ length: 6 }, () => sent(app, sender)))
      for (const t of batch) await setExpiry(app, t.id, new Date(Date.now() - 1000))
      const results = await Promise.all(
        Array.from({ length: 3 }, () => createExpiredTransfersSweeper(app.deps).sweep()),
      )
      expect(results.reduce((sum, r) => sum + r.purged, 0)).toBe(batch.length)
      expect(results.reduce((sum, r) => sum + r.failed, 0)).toBe(0)
      for (const t of batch) expect(await stored(app, t)).toEqual([false, false])
      // Nothing is left to sweep.
      expect((await createExpiredTransfersSweeper(app.deps).sweep()).purged).toBe(0)
    })
  })

  describe('recovery (product.md §3)', () => {
    const service = () => getApp().services.transfers

    it('extends an expired transfer by 7 days once, for the owner on a plan with recovery', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const transfer = await sent(app, sender)
      const expiresAt = new Date(Date.now() - 1000)
      await setExpiry(app, transfer.id, expiresAt, new Date(expiresAt.getTime() + 7 * day))

      const stranger = await signUp(app, 'PREMIUM')
      await expect(service().confirmRecovery(stranger.id, transfer.id, 'cs_1')).rejects.toMatchObject({ status: 404 })

      const before = Date.now()
      const result = await service().confirmRecovery(sender.id, transfer.id, 'cs_1')
      const extended = new Date(result.expires_at).getTime()
      expect(extended).toBeGreaterThanOrEqual(before + 7 * day - 1000)
      expect(extended).toBeLessThanOrEqual(Date.now() + 7 * day)
      expect((await share(app, transfer.unique_id)).status).toBe(200)
      // The same payment again changes nothing.
      expect((await service().confirmRecovery(sender.id, transfer.id, 'cs_1')).expires_at).toBe(result.expires_at)
      // An active transfer needs no recovery.
      await expect(service().confirmRecovery(sender.id, transfer.id, 'cs_2')).rejects.toMatchObject({
        status: 409,
        code: 'transfer_not_recoverable',
      })
    })

    it('refuses plans without recovery and transfers whose files are gone', async () => {
      const app = getApp()
      const free = await signUp(app, 'FREE')
      const guest = await sent(app, free)
      await setExpiry(app, guest.id, new Date(Date.now() - 1000), new Date(Date.now() + day))
      await expect(service().confirmRecovery(free.id, guest.id, 'cs_3')).rejects.toMatchObject({ status: 409 })

      const pro = await signUp(app, 'PREMIUM')
      const purged = await sent(app, pro)
      await setExpiry(app, purged.id, new Date(Date.now() - 8 * day), new Date(Date.now() - day))
      await createExpiredTransfersSweeper(app.deps).sweep()
      await expect(service().confirmRecovery(pro.id, purged.id, 'cs_4')).rejects.toMatchObject({ status: 409 })
    })
  })
}, authStacks())
