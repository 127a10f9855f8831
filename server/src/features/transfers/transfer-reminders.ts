import type { Deps } from '../../deps.js'
import { expiredUnopenedEmail, reminderEmail } from './reminder.emails.js'
import { type LinkOrigins, originFor } from './transfer-links.types.js'
import { personalLink } from './transfer-mapping.js'
import { createTransferRemindersRepository } from './transfer-reminders.repository.js'

const pageSize = 100

type ReminderDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'mailer' | 'logger'> & { links?: LinkOrigins }

/**
 * Issue 18 item 6. Recipients who have not downloaded get one reminder 24 hours before expiry,
 * unless the sender turned reminders off; the sender gets one e-mail when a transfer expires that
 * a recipient never downloaded. Each transfer is taken by one conditional update before anything
 * is sent, so on several instances (and across ticks) each e-mail goes out once; a failed e-mail
 * is logged and not retried.
 */
export function createTransferReminders(deps: ReminderDeps) {
  const repo = createTransferRemindersRepository(deps.database.db)
  const { config } = deps

  async function send(message: Parameters<ReminderDeps['mailer']['send']>[0], context: object) {
    try {
      await deps.mailer.send(message)
      return 1
    } catch (error) {
      deps.logger.error({ err: error, ...context }, 'Could not send a transfer reminder or expiry notice')
      return 0
    }
  }

  async function remind(id: string, now: Date): Promise<number> {
    const transfer = await repo.takeReminder(id, now)
    if (!transfer) return 0
    const sender = await repo.sender(transfer.userId)
    if (!sender) return 0
    let sent = 0
    const origin = await originFor(deps, transfer.userId)
    for (const recipient of await repo.notDownloaded(transfer.id)) {
      sent += await send(
        reminderEmail(
          {
            to: recipient.email,
            link: personalLink(origin, transfer.uniqueId, recipient.trackingId),
            sender: { name: sender.name, email: sender.email },
            title: transfer.title,
            expiresAt: transfer.expiresAt,
          },
          sender.language,
        ),
        { transferId: transfer.id },
      )
    }
    return sent
  }

  async function notify(id: string, now: Date): Promise<number> {
    const transfer = await repo.takeExpiryNotice(id, now)
    if (!transfer) return 0
    const missing = await repo.notDownloaded(transfer.id)
    const sender = await repo.sender(transfer.userId)
    if (missing.length === 0 || !sender) return 0
    return send(
      expiredUnopenedEmail(
        {
          to: sender.email,
          title: transfer.title,
          createdAt: transfer.createdAt,
          recipients: missing.map((r) => r.email),
          link: `${config.publicUrl}/transfers/${transfer.id}`,
        },
        sender.language,
      ),
      { transferId: transfer.id },
    )
  }

  async function each(list: () => Promise<{ id: string }[]>, act: (id: string) => Promise<number>) {
    let sent = 0
    const tried = new Set<string>()
    for (;;) {
      const page = (await list()).filter((row) => !tried.has(row.id))
      if (page.length === 0) return sent
      for (const row of page) {
        tried.add(row.id)
        sent += await act(row.id)
      }
    }
  }

  return {
    /** One tick: due reminders, then expiry notices; how many e-mails went out. */
    async run(): Promise<{ reminders: number; expiryNotices: number }> {
      const now = deps.clock.now()
      const reminders = await each(
        () => repo.dueReminders(now, pageSize),
        (id) => remind(id, now),
      )
      const expiryNotices = await each(
        () => repo.dueExpiryNotices(now, pageSize),
        (id) => notify(id, now),
      )
      return { reminders, expiryNotices }
    },
  }
}
