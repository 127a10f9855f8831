import type { AdminTransferList, DownloadUrlResponse, Transfer } from '@ferry/contracts/api/transfers'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectOwnListOnly, expectPageBounds, expectStableWalk } from '../../testing/page-walk.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks, bearer } from '../auth/testing/auth-test-kit.js'
import {
  countOneMore,
  fetchBytes,
  getJson,
  listTransfers,
  postTransfer,
  randomBody,
  readStoredZip,
  type Sender,
  setExpiry,
  sha256,
  signUp,
  transferRow,
  uploadFiles,
} from './testing/transfers-test-kit.js'

await forEachStack((getApp) => {
  let app: TestApp
  let owner: Sender
  let stranger: Sender
  let admin: Sender
  const bodies = [randomBody(5000), randomBody(7000)]

  async function send(sender: Sender, files: { name: string; body: Buffer }[], recipients = ['r1@example.com']) {
    const records = await uploadFiles(app, sender, files)
    const res = await postTransfer(app, sender.token, { files: records, recipient_emails: recipients, title: 'T' })
    expect(res.status).toBe(201)
    return res.body.id as string
  }

  const del = (pathname: string, token: string) => app.api(pathname, { method: 'DELETE', headers: bearer(token) })

  beforeAll(async () => {
    app = getApp()
    owner = await signUp(app, 'PREMIUM')
    stranger = await signUp(app, 'PREMIUM')
    admin = await signUp(app, 'ADMIN')
  })

  describe('GET /api/transfers and /api/admin/transfers', () => {
    it("lists the caller's own transfers, newest first, in the shape of spec/transfers.md §3", async () => {
      // An account of its own: other tests send as `owner` too, in any order.
      const owner = await signUp(app, 'PREMIUM')
      const single = await send(owner, [{ name: 'one.txt', body: bodies[0]! }])
      const multi = await send(
        owner,
        [
          { name: 'a.bin', body: bodies[0]! },
          { name: 'b.bin', body: bodies[1]! },
        ],
        ['first@example.com', 'second@example.com'],
      )
      await send(stranger, [{ name: 'theirs.txt', body: bodies[0]! }])

      const res = await listTransfers(app, owner.token)
      expect(res.status).toBe(200)
      expect(res.body.items.map((t) => t.id)).toEqual([multi, single])
      expect(res.body).toMatchObject({ next_cursor: null, total: 2 })
      const [newest, oldest] = res.body.items as [Transfer, Transfer]
      expect(newest).toMatchObject({
        user_id: owner.id,
        title: 'T',
        recipient_email: 'first@example.com',
        recipient_emails: ['first@example.com', 'second@example.com'],
        file_name: '2 files',
        file_size: bodies[0]!.length + bodies[1]!.length,
        download_count: 0,
        deleted_at: null,
        status: 'active',
        message: '',
      })
      expect(newest.file_key).toBe(newest.files[0]!.file_key)
      expect(newest.files.map((f) => f.file_name)).toEqual(['a.bin', 'b.bin'])
      expect(newest.sharing_url).toBe(`${app.url}/share/${newest.unique_id}`)
      expect(oldest).toMatchObject({ file_name: 'one.txt', file_size: bodies[0]!.length })
    })

    it('shows admins only their own under /api/transfers, and everyone under /api/admin/transfers', async () => {
      await send(owner, [{ name: 'mine.txt', body: bodies[0]! }])
      await send(stranger, [{ name: 'theirs.txt', body: bodies[0]! }])
      expect((await listTransfers(app, admin.token)).body).toEqual({ items: [], next_cursor: null, total: 0 })
      const all = await listTransfers(app, admin.token, '/api/admin/transfers')
      expect(all.status).toBe(200)
      const owners = new Set(all.body.items.map((t) => t.user_id))
      expect(owners.has(owner.id) && owners.has(stranger.id)).toBe(true)
      expect((await listTransfers(app, owner.token, '/api/admin/transfers')).status).toBe(403)
      expect((await app.api('/api/transfers')).status).toBe(401)
    })

    it("names each transfer's owner by email, and filters by owner (issue 17 item 9)", async () => {
      await send(owner, [{ name: 'owned.txt', body: bodies[0]! }])
      await send(stranger, [{ name: 'foreign.txt', body: bodies[0]! }])
      const all = await getJson<AdminTransferList>(app, '/api/admin/transfers', admin.token)
      const ofOwner = all.body.items.find((t) => t.user_id === owner.id)
      expect(ofOwner).toMatchObject({ owner_email: owner.email, owner_name: owner.name })

      // Any part of the address, any case; only that owner's transfers, and the total counts only them.
      const part = owner.email.split('@')[0]!.toUpperCase()
      const filtered = await getJson<AdminTransferList>(
        app,
        `/api/admin/transfers?owner=${encodeURIComponent(part)}`,
        admin.token,
      )
      expect(filtered.status).toBe(200)
      expect(filtered.body.items.length).toBeGreaterThan(0)
      expect(new Set(filtered.body.items.map((t) => t.owner_email))).toEqual(new Set([owner.email]))
      expect(filtered.body.total).toBe(filtered.body.items.length)
      // LIKE's wildcards are matched as themselves, not as patterns.
      const wildcard = await getJson<AdminTransferList>(app, '/api/admin/transfers?owner=%25', admin.token)
      expect(wildcard.body).toMatchObject({ items: [], total: 0 })
      const tooLong = await getJson(app, `/api/admin/transfers?owner=${'a'.repeat(300)}`, admin.token)
      expect(tooLong.status).toBe(400)
    })
  })

  describe('pages of GET /api/transfers and /api/admin/transfers (security review L-10)', () => {
    it('walks the own list in pages without duplicates or gaps while a transfer is sent mid-walk', async () => {
      const walker = await signUp(app, 'PREMIUM')
      for (let i = 0; i < 5; i++) await send(walker, [{ name: `${i}.txt`, body: bodies[0]! }])
      const list = {
        app,
        path: '/api/transfers',
        token: walker.token,
        add: () => send(walker, [{ name: 'new.txt', body: bodies[0]! }]),
      }
      expect(await expectStableWalk(list)).toHaveLength(5)
      await expectPageBounds(app, '/api/transfers', walker.token)
      await expectOwnListOnly(list, stranger.token)
    })

    it('walks the admin list the same way, and keeps it for admins', async () => {
      await send(owner, [{ name: 'a.txt', body: bodies[0]! }])
      await send(stranger, [{ name: 'b.txt', body: bodies[0]! }])
      await send(owner, [{ name: 'c.txt', body: bodies[0]! }])
      const list = {
        app,
        path: '/api/admin/transfers',
        token: admin.token,
        add: () => send(stranger, [{ name: 'n.txt', body: bodies[0]! }]),
      }
      await expectStableWalk(list)
      await expectPageBounds(app, '/api/admin/transfers', admin.token)
      expect((await app.api('/api/admin/transfers?limit=1', { headers: bearer(owner.token) })).status).toBe(403)
      expect((await app.api('/api/admin/transfers?limit=abc')).status).toBe(401)
    })
  })

  describe('GET and DELETE /api/transfers/{id}', () => {
    it('gives the owner and admins the transfer, and 404 to anyone else or a made-up id', async () => {
      const id = await send(owner, [{ name: 'x.txt', body: bodies[0]! }])
      expect((await getJson(app, `/api/transfers/${id}`, owner.token)).status).toBe(200)
      expect((await getJson(app, `/api/transfers/${id}`, admin.token)).status).toBe(200)
      const theirs = await getJson(app, `/api/transfers/${id}`, stranger.token)
      expect(theirs.status).toBe(404)
      expect(theirs.body.detail).toBe('This transfer does not exist or has been deleted.')
      for (const guess of [crypto.randomUUID(), 'not-a-uuid', '1']) {
        expect((await getJson(app, `/api/transfers/${guess}`, owner.token)).status).toBe(404)
      }
    })

    it("refuses to delete someone else's transfer; the owner's delete removes it and its files", async () => {
      const id = await send(owner, [{ name: 'x.txt', body: bodies[0]! }])
      const { body: transfer } = await getJson<Transfer>(app, `/api/transfers/${id}`, owner.token)
      expect((await del(`/api/transfers/${id}`, stranger.token)).status).toBe(404)
      // Admins delete through the admin route only.
      expect((await del(`/api/transfers/${id}`, admin.token)).status).toBe(404)
      expect((await transferRow(app, id))!.deletedAt).toBeNull()
      expect(await app.deps.blobs.stat(transfer.file_key)).not.toBeNull()

      const res = await del(`/api/transfers/${id}`, owner.token)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ message: 'Transfer deleted' })
      const row = await transferRow(app, id)
      expect(row!.deletedAt).not.toBeNull()
      expect(row!.filesDeletedAt).not.toBeNull()
      expect(await app.deps.blobs.stat(transfer.file_key)).toBeNull()
      expect((await listTransfers(app, owner.token)).body.items.map((t) => t.id)).not.toContain(id)
      expect((await getJson(app, `/api/transfers/${id}`, owner.token)).status).toBe(404)
      expect((await del(`/api/transfers/${id}`, owner.token)).status).toBe(404)
    })

    it('lets admins delete any transfer through /api/admin/transfers/{id}', async () => {
      const id = await send(stranger, [{ name: 'x.txt', body: bodies[0]! }])
      expect((await del(`/api/admin/transfers/${id}`, owner.token)).status).toBe(403)
      expect((await del(`/api/admin/transfers/${id}`, admin.token)).status).toBe(200)
      expect((await transferRow(app, id))!.deletedAt).not.toBeNull()
    })
  })

  describe("the sender's downloads", () => {
    it('redirects GET /api/transfers/{id}/download to a short-lived link of the file', async () => {
      const id = await send(owner, [{ name: 'only.bin', body: bodies[1]! }])
      const res = await app.api(`/api/transfers/${id}/download`, { headers: bearer(owner.token), redirect: 'manual' })
      expect(res.status).toBe(302)
      const location = res.headers.get('location')!
      const { res: file, bytes } = await fetchBytes(location)
      expect(file.status).toBe(200)
      expect(sha256(bytes)).toBe(sha256(bodies[1]!))
      // The sender's own download is not a recipient's.
      expect(await countOneMore(app, id)).toBe(1)

      const theirs = await app.api(`/api/transfers/${id}/download`, {
        headers: bearer(stranger.token),
        redirect: 'manual',
      })
      expect(theirs.status).toBe(404)
    })

    it('sends several files as the ZIP', async () => {
      const id = await send(owner, [
        { name: 'a.bin', body: bodies[0]! },
        { name: 'b.bin', body: bodies[1]! },
      ])
      const res = await app.api(`/api/transfers/${id}/download`, { headers: bearer(owner.token), redirect: 'manual' })
      expect(res.status).toBe(302)
      const { bytes } = await fetchBytes(res.headers.get('location')!)
      const entries = readStoredZip(bytes)
      expect(sha256(entries.get('b.bin')!)).toBe(sha256(bodies[1]!))
    })

    it('answers download-url with one link, or every file with the title for a browser-made ZIP', async () => {
      const id = await send(owner, [
        { name: 'a.bin', body: bodies[0]! },
        { name: 'b.bin', body: bodies[1]! },
      ])
      const { body: transfer } = await getJson<Transfer>(app, `/api/transfers/${id}`, owner.token)
      const one = await getJson<DownloadUrlResponse>(
        app,
        `/api/transfers/${id}/download-url?file_key=${encodeURIComponent(transfer.files[1]!.file_key)}`,
        owner.token,
      )
      expect(one.status).toBe(200)
      const { bytes } = await fetchBytes((one.body as { download_url: string }).download_url)
      expect(sha256(bytes)).toBe(sha256(bodies[1]!))

      const zip = await getJson<DownloadUrlResponse>(app, `/api/transfers/${id}/download-url?as_zip=true`, owner.token)
      expect(zip.status).toBe(200)
      const list = zip.body as Extract<DownloadUrlResponse, { files: unknown }>
      expect(list.transfer_title).toBe('T')
      expect(list.files.map((f) => f.file_name)).toEqual(['a.bin', 'b.bin'])
      const first = await fetchBytes(list.files[0]!.download_url)
      expect(sha256(first.bytes)).toBe(sha256(bodies[0]!))

      const foreignKey = await getJson(app, `/api/transfers/${id}/download-url?file_key=uploads%2Fnope`, owner.token)
      expect(foreignKey.status).toBe(404)
      expect((await getJson(app, `/api/transfers/${id}/download-url`, stranger.token)).status).toBe(404)
    })

    it('refuses a tampered signed link, and an expired transfer', async () => {
      const id = await send(owner, [
        { name: 'a.bin', body: bodies[0]! },
        { name: 'b.bin', body: bodies[1]! },
      ])
      const zip = await getJson<{ zip_url: string }>(app, `/api/transfers/${id}/download-url?as_zip=true`, owner.token)
      const tampered = new URL(zip.body.zip_url)
      tampered.searchParams.set('exp', String(Number(tampered.searchParams.get('exp')) + 3600))
      const res = await fetch(tampered)
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'download_link_invalid' })

      await setExpiry(app, id, new Date(Date.now() - 1000))
      const expired = await getJson(app, `/api/transfers/${id}/download-url`, owner.token)
      expect(expired.status).toBe(403)
      expect(expired.body.code).toBe('transfer_expired')
      const detail = await getJson<Transfer>(app, `/api/transfers/${id}`, owner.token)
      expect(detail.body.status).toBe('expired')
    })
  })
}, authStacks())
