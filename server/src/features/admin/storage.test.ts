import type { StorageUsage } from '@ferry/contracts/api/admin'
import { beforeAll, describe, expect, it } from 'vitest'
import { subscriptions } from '../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { bearer, postJson } from '../auth/testing/auth-test-kit.js'
import { createTestOrganization } from '../organizations/testing/organizations-test-kit.js'
import { planIdForRole } from '../plans/plans.service.js'
import { createLinkAs } from '../request-links/testing/request-links-test-kit.js'
import {
  postTransfer,
  randomBody,
  type Sender,
  setExpiry,
  signUp,
  uploadFiles,
} from '../transfers/testing/transfers-test-kit.js'
import { as, uploadStacks, uploadWhole } from '../uploads/testing/uploads-test-kit.js'

const { clock, stacks } = uploadStacks()

await forEachStack((getApp) => {
  let app: TestApp
  let admin: Sender

  const usage = async (token = admin.token) => {
    const res = await app.api('/api/admin/storage', { headers: bearer(token) })
    return { status: res.status, body: (await res.json()) as StorageUsage }
  }

  beforeAll(async () => {
    app = getApp()
    admin = await signUp(app, 'ADMIN')
  })

  describe('GET /api/admin/storage', () => {
    it('counts a user with a live subscription under its plan', async () => {
      const before = (await usage()).body
      const subscriber = await signUp(app, 'PREMIUM', 'Bea Business')
      await app.deps.database.db.insert(subscriptions).values({
        userId: subscriber.id,
        planId: 'business',
        status: 'ACTIVE',
        provider: 'test',
        interval: 'monthly',
        amountCents: 1500,
        startDate: clock.now(),
      })
      const records = await uploadFiles(app, subscriber, [{ name: 'b.bin', body: randomBody(5000) }])
      expect(
        (await postTransfer(app, subscriber.token, { files: records, recipient_emails: ['r@example.com'] })).status,
      ).toBe(201)
      const after = (await usage()).body
      const business = (u: StorageUsage) => u.per_plan.find((p) => p.plan_id === 'business')
      expect((business(after)?.bytes ?? 0) - (business(before)?.bytes ?? 0)).toBe(5000)
      expect((business(after)?.users ?? 0) - (business(before)?.users ?? 0)).toBe(1)
      expect(business(after)?.plan_name).toBe('Business')
    })

    it("counts an organization's member under the organization's plan and names the organization", async () => {
      const before = (await usage()).body
      const org = await createTestOrganization(app, { plan: 'enterprise', roles: ['member'], name: 'Storage Org' })
      const [member] = org.members
      if (!member) throw new Error('no member')
      const records = await uploadFiles(app, member, [{ name: 'm.bin', body: randomBody(7000) }])
      expect(
        (await postTransfer(app, member.token, { files: records, recipient_emails: ['r@example.com'] })).status,
      ).toBe(201)
      const after = (await usage()).body
      const enterprise = (u: StorageUsage) => u.per_plan.find((p) => p.plan_id === 'enterprise')
      // The owner (who pays) and the member (a FREE user without a subscription of their own).
      expect((enterprise(after)?.users ?? 0) - (enterprise(before)?.users ?? 0)).toBe(2)
      expect((enterprise(after)?.bytes ?? 0) - (enterprise(before)?.bytes ?? 0)).toBe(7000)
      const free = (u: StorageUsage) => u.per_plan.find((p) => p.plan_id === planIdForRole('FREE'))
      expect((free(after)?.bytes ?? 0) - (free(before)?.bytes ?? 0)).toBe(0)
      expect(after.top_users.find((u) => u.user_id === member.id)).toMatchObject({
        organization_name: 'Storage Org',
        bytes: 7000,
      })
    })

    it('is for admins only', async () => {
      const member = await signUp(app, 'PREMIUM')
      expect((await usage(member.token)).status).toBe(403)
    })

    it('counts transfers, received files and unclaimed uploads, per plan, per user and largest first', async () => {
      const before = (await usage()).body
      const sender = await signUp(app, 'PREMIUM', 'Stu Storage')
      const records = await uploadFiles(app, sender, [
        { name: 'a.bin', body: randomBody(4000) },
        { name: 'b.bin', body: randomBody(6000) },
      ])
      const sent = await postTransfer(app, sender.token, { files: records, recipient_emails: ['r@example.com'] })
      expect(sent.status).toBe(201)
      const transferId = sent.body.id as string

      await uploadWhole(app.api, as(sender.token), randomBody(2000), {
        filename: 'left.bin',
        content_type: 'application/octet-stream',
        file_size: 2000,
      })

      const link = await createLinkAs(app.api, sender.token, {})
      const key = await uploadWhole(app.api, as(), randomBody(3000), {
        filename: 'r.bin',
        content_type: 'application/octet-stream',
        file_size: 3000,
        request_id: link.body.request_id,
      })
      const up = await postJson(app.api, `/api/file-request/${link.body.request_id}/upload`, {
        files: [{ file_key: key, file_name: 'r.bin', file_size: 3000 }],
      })
      expect(up.status).toBe(201)

      const after = (await usage()).body
      const t = after.totals
      expect(t.transfers.live.count - before.totals.transfers.live.count).toBe(1)
      expect(t.transfers.live.bytes - before.totals.transfers.live.bytes).toBe(10_000)
      expect(t.request_files.kept.count - before.totals.request_files.kept.count).toBe(1)
      expect(t.request_files.kept.bytes - before.totals.request_files.kept.bytes).toBe(3000)
      expect(t.pending_uploads.bytes - before.totals.pending_uploads.bytes).toBe(2000)
      expect(t.stored_bytes - before.totals.stored_bytes).toBe(15_000)

      const mine = after.top_users.find((u) => u.user_id === sender.id)
      expect(mine).toMatchObject({
        name: 'Stu Storage',
        email: sender.email,
        organization_name: null,
        transfers: 1,
        bytes: 13_000,
      })
      const largest = after.largest_transfers.find((l) => l.id === transferId)
      expect(largest).toMatchObject({
        user_id: sender.id,
        user_email: sender.email,
        files: 2,
        bytes: 10_000,
        status: 'active',
      })
      const sizes = after.largest_transfers.map((l) => l.bytes)
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a))

      const planBytes = (u: StorageUsage) => u.per_plan.reduce((sum, p) => sum + p.bytes, 0)
      expect(planBytes(after) - planBytes(before)).toBe(13_000)
      // A PREMIUM user without a subscription has Pro (plans.service planIdForRole).
      const proBytes = (u: StorageUsage) => u.per_plan.find((p) => p.plan_id === 'pro')?.bytes ?? 0
      expect(proBytes(after) - proBytes(before)).toBe(13_000)
      const planUsers = (u: StorageUsage) => u.per_plan.reduce((sum, p) => sum + p.users, 0)
      expect(planUsers(after) - planUsers(before)).toBe(1)

      // Past its purge time, the transfer's bytes await the sweeper.
      const past = new Date(clock.now().getTime() - 1000)
      await setExpiry(app, transferId, past, past)
      const swept = (await usage()).body.totals
      expect(swept.transfers.live.bytes).toBe(t.transfers.live.bytes - 10_000)
      expect(swept.transfers.awaiting_sweep.bytes - t.transfers.awaiting_sweep.bytes).toBe(10_000)
      expect(swept.awaiting_sweep_bytes - t.awaiting_sweep_bytes).toBe(10_000)
      expect(swept.stored_bytes).toBe(t.stored_bytes)
    })
  })
}, stacks)
