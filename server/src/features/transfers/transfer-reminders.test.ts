import { afterEach, expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks, bearer, createTestClock } from '../auth/testing/auth-test-kit.js'
import {
  downloadCount,
  getJson,
  linkParts,
  outbox,
  postTransfer,
  type Sender,
  signUp,
  uploadFiles,
} from './testing/transfers-test-kit.js'
import { createTransferReminders } from './transfer-reminders.js'

// Issue 18 item 6: one reminder 24 hours before expiry to recipients who have not downloaded (the
// sender may turn it off), and one e-mail to the sender when a transfer expires that a recipient
// never downloaded. The job runs on the controllable clock; e-mails land in the outbox, once.

const clock = createTestClock()
afterEach(() => clock.reset())
const hour = 3600_000

await forEachStack((getApp) => {
  const tag = () => Math.random().toString(36).slice(2, 8)
  const mailsTo = async (app: TestApp, email: string) => (await outbox(app)).filter((m) => m.to.includes(email))
  const tick = (app: TestApp) => createTransferReminders(app.deps).run()

  async function send(app: TestApp, sender: Sender, recipients: string[], extra: Record<string, unknown> = {}) {
    const files = await uploadFiles(app, sender, [{ name: 'plan.txt', body: Buffer.from('the plan') }])
    const res = await postTransfer(app, sender.token, { files, recipient_emails: recipients, title: 'Plans', ...extra })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { id: string; unique_id: string }
  }
  async function download(app: TestApp, transferId: string, recipient: string) {
    const [mail] = await mailsTo(app, recipient)
    const { uniqueId, t } = linkParts(mail!.links[0]!)
    const before = await downloadCount(app, transferId)
    const res = await fetch(`${app.url}/share/${uniqueId}/download?t=${t}`)
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    await expect.poll(() => downloadCount(app, transferId)).toBeGreaterThan(before)
  }

  it('reminds, once and a day before expiry, only the recipients who have not downloaded', async () => {
    const app = getApp()
    const sender = await signUp(app, 'PREMIUM', 'Rita Reminder')
    const [ana, bo] = [`ana-${tag()}@example.com`, `bo-${tag()}@example.com`]
    const transfer = await send(app, sender, [ana, bo], { expires_in_hours: 72 })
    await download(app, transfer.id, ana)

    clock.advance(47 * hour)
    await tick(app)
    expect(await mailsTo(app, bo)).toHaveLength(1)

    clock.advance(2 * hour)
    await tick(app)
    await tick(app)
    const toBo = await mailsTo(app, bo)
    expect(toBo).toHaveLength(2)
    const reminder = toBo[1]!
    expect(reminder.subject).toBe('Reminder: "Plans" from Rita Reminder expires soon')
    expect(reminder.text).toContain('you have not downloaded yet')
    expect(linkParts(reminder.links[0]!).t).toBe(linkParts(toBo[0]!.links[0]!).t)
    expect(await mailsTo(app, ana)).toHaveLength(1)
    expect(await mailsTo(app, sender.email)).toHaveLength(1) // the sign-up confirmation only
  })

  it('sends none when the sender turned reminders off, on the form or later, nor for a one-day transfer', async () => {
    const app = getApp()
    const sender = await signUp(app, 'PREMIUM')
    const [off, later, short] = [`off-${tag()}@example.com`, `later-${tag()}@example.com`, `short-${tag()}@example.com`]
    const first = await send(app, sender, [off], { expires_in_hours: 48, reminders: false })
    expect(
      (await getJson<{ reminders: boolean }>(app, `/api/transfers/${first.id}`, sender.token)).body.reminders,
    ).toBe(false)
    const second = await send(app, sender, [later], { expires_in_hours: 48 })
    const patched = await app.api(`/api/transfers/${second.id}`, {
      method: 'PATCH',
      headers: { ...bearer(sender.token), 'content-type': 'application/json' },
      body: JSON.stringify({ reminders: false }),
    })
    expect(patched.status).toBe(200)
    expect(((await patched.json()) as { reminders: boolean }).reminders).toBe(false)
    await send(app, sender, [short], { expires_in_hours: 24 })

    clock.advance(30 * hour)
    await tick(app)
    for (const email of [off, later, short]) expect(await mailsTo(app, email)).toHaveLength(1)
  })

  it('tells the sender once when a transfer expires that a recipient never downloaded', async () => {
    const app = getApp()
    const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
    const [ana, bo] = [`ana-${tag()}@example.com`, `bo-${tag()}@example.com`]
    const partly = await send(app, sender, [ana, bo], { expires_in_hours: 2, reminders: false })
    await download(app, partly.id, ana)
    const done = await send(app, sender, [`cy-${tag()}@example.com`], { expires_in_hours: 2, title: 'Done' })
    const [cyMail] = (await outbox(app)).filter((m) => m.subject.includes('"Done"'))
    await download(app, done.id, cyMail!.to)

    await tick(app)
    const before = (await mailsTo(app, sender.email)).length
    expect(before).toBe(1) // the sign-up confirmation only
    clock.advance(2 * hour + 60_000)
    await tick(app)
    await tick(app)
    const notices = (await mailsTo(app, sender.email)).slice(before)
    expect(notices).toHaveLength(1)
    expect(notices[0]!.subject).toBe('"Plans" expired before everyone downloaded it')
    expect(notices[0]!.text).toContain(bo)
    expect(notices[0]!.text).not.toContain(ana)
    expect(notices[0]!.links.some((link) => link.endsWith(`/transfers/${partly.id}`))).toBe(true)
  })

  it('writes them in the sender’s language', async () => {
    const app = getApp()
    const sender = await signUp(app, 'PREMIUM', 'Lucía')
    const language = await app.api('/api/users/me/language', {
      method: 'PUT',
      headers: { ...bearer(sender.token), 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'es' }),
    })
    expect(language.status).toBeLessThan(300)
    const eva = `eva-${tag()}@example.com`
    await send(app, sender, [eva], { expires_in_hours: 30 })
    clock.advance(7 * hour)
    await tick(app)
    const mails = await mailsTo(app, eva)
    expect(mails.at(-1)!.subject).toBe('Recordatorio: «Plans» de Lucía caduca pronto')
    clock.advance(24 * hour)
    await tick(app)
    expect((await mailsTo(app, sender.email)).at(-1)!.subject).toBe('«Plans» caducó antes de que todos lo descargaran')
  })
}, authStacks({ clock }))
