import type { TransferUpdateInput } from '@ferry/contracts/api/transfers'
import type { Language } from '@ferry/contracts/domain/languages'
import type { Deps } from '../../deps.js'
import type { FileDigestQueue } from '../file-digests/file-digests.types.js'
import type { FileScanQueue } from '../file-scans/file-scans.types.js'
import type { PlansService } from '../plans/plans.service.js'
import type { UploadClaims } from '../uploads/uploads.service.js'
import type { UserRecord } from '../users/users.service.js'
import type { Derivatives } from './create-transfer.js'
import { newTrackingId } from './create-transfer.js'
import { roomKeysOf } from './data-room/data-room-keys.js'
import type { RoomPagesQueue } from './data-room/room-pages.job.js'
import { createSendThrottle } from './send-throttle.js'
import { createSftpMailLogins } from './sftp/sftp-mail-login.js'
import { type LinkOrigins, originFor } from './transfer-links.types.js'
import { personalLink, statusOf } from './transfer-mapping.js'
import {
  addHours,
  assertFitsTransferSize,
  assertWithinMonthlyData,
  expiryHoursFor,
  purgeAfter,
  recipientsOf,
  ruleError,
  startOfUtcDay,
  startOfUtcMonth,
} from './transfer-rules.js'
import { expiryExtendedEmail, recipientNotice } from './transfers.emails.js'
import { createTransfersRepository, type TransferAggregate, type TransferRecipientRow } from './transfers.repository.js'

type EditDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'blobs' | 'mailer' | 'logger' | 'rateLimiter'> & {
  links?: LinkOrigins
  plans: Pick<PlansService, 'planForUser'>
  uploads: UploadClaims
  /** Queues the previews of added files (issue 19). */
  derivatives?: Derivatives | undefined
  roomPages?: RoomPagesQueue | undefined
  fileDigests?: FileDigestQueue | undefined
  fileScans?: FileScanQueue | undefined
}

/** The owner's part of a PATCH that is not a plain column: expiry and recipients (issue 18 item 4). */
export type StructuralEdit = Pick<TransferUpdateInput, 'expires_in_hours' | 'recipient_emails'>

/** Column changes of the same PATCH (title, message, password, reminders), written in the same transaction. */
export type ColumnEdit = Parameters<ReturnType<typeof createTransfersRepository>['update']>[1]

/**
 * Edit after sending, without re-upload (issue 18 item 4): a new expiry, a new recipient list,
 * files added or removed. Every rule is checked before anything is written; each edit is one
 * transaction on the locked transfer row, and the emails go out after the commit (a failed email is
 * logged; the edit stands). Only a live, active transfer changes: an expired one answers 409
 * transfer_expired_not_editable (recovery is the paid way back, product.md §3).
 */
export function createTransferEdits(deps: EditDeps) {
  const { clock, database } = deps
  const throttle = createSendThrottle(deps)
  const sftpLogin = createSftpMailLogins(deps)

  const notEditable = () => ruleError('transfer_expired_not_editable', 409)

  function assertEditable(aggregate: Pick<TransferAggregate, 'transfer'>) {
    if (statusOf(aggregate, clock.now()) !== 'active') throw notEditable()
  }

  async function contact(userId: string): Promise<{ email: string; name: string; language: Language }> {
    const owner = await createTransfersRepository(database.db).ownerContact(userId)
    if (!owner) throw ruleError('transfer_not_found', 404)
    return owner
  }

  async function sendAll(transferId: string, mails: { to: string; send: () => Promise<void> }[], what: string) {
    const results = await Promise.allSettled(mails.map((m) => m.send()))
    results.forEach((result, i) => {
      if (result.status === 'rejected') {
        deps.logger.error({ err: result.reason, transferId, recipient: mails[i]?.to }, what)
      }
    })
  }

  /** Emails the recipients an edit added their link and, when the expiry moved later, the others the new date. */
  async function notifyEdit(
    updated: { aggregate: TransferAggregate; added: TransferRecipientRow[] },
    before: Date,
    sender: { email: string; name: string; language: Language },
    origin: string,
  ) {
    const { transfer, recipients } = updated.aggregate
    const newIds = new Set(updated.added.map((r) => r.id))
    const extended = transfer.expiresAt.getTime() > before.getTime()
    const sftp = updated.added.length > 0 ? await sftpLogin(transfer, recipients) : undefined
    const mails = recipients.flatMap((recipient) => {
      if (newIds.has(recipient.id)) {
        const mail = recipientNotice(updated.aggregate, recipient, { origin, sender, sftp })
        return [{ to: recipient.email, send: () => deps.mailer.send(mail) }]
      }
      if (!extended) return []
      const mail = expiryExtendedEmail(
        {
          to: recipient.email,
          link: personalLink(origin, transfer.uniqueId, recipient.trackingId),
          sender: { name: sender.name, email: sender.email },
          title: transfer.title,
          expiresAt: transfer.expiresAt,
        },
        sender.language,
      )
      return [{ to: recipient.email, send: () => deps.mailer.send(mail) }]
    })
    await sendAll(transfer.id, mails, 'Could not email a recipient about an edited transfer; the edit stands')
  }

  return {
    /**
     * A PATCH with `expires_in_hours` or `recipient_emails` (and the plain `columns` of the same
     * request): checks the plan's rules, writes all of it in one transaction, then emails the new
     * recipients their personal link and, when the expiry moved later, every other recipient the
     * new date (once per change).
     */
    async update(
      owner: UserRecord,
      found: TransferAggregate,
      edit: StructuralEdit,
      columns: ColumnEdit,
      clientIp: string,
    ): Promise<TransferAggregate> {
      assertEditable(found)
      const plan = await deps.plans.planForUser(owner.id)
      const hours = edit.expires_in_hours === undefined ? undefined : expiryHoursFor(plan, edit.expires_in_hours)
      const emails =
        edit.recipient_emails === undefined
          ? undefined
          : recipientsOf({ recipient_emails: edit.recipient_emails, recipient_email: null }, plan)
      const newcomers = emails ? emails.filter((e) => !found.recipients.some((r) => r.email === e)) : []
      if (newcomers.length > 0) await throttle.take(owner, clientIp, newcomers.length, 0)

      // Read before the edit is written: once it is committed, a failed read must not answer an error for it.
      const sender = await contact(owner.id)
      const origin = await originFor(deps, found.transfer.userId)
      const now = clock.now()
      const before = found.transfer.expiresAt
      const updated = await database.db.transaction(async (tx) => {
        const repo = createTransfersRepository(tx)
        const locked = await repo.lockLive(found.transfer.id)
        if (!locked) throw ruleError('transfer_not_found', 404)
        // It may have expired, or been edited, since it was read.
        if (statusOf({ transfer: locked }, now) !== 'active') throw notEditable()
        const values: ColumnEdit = { ...columns }
        if (hours !== undefined) {
          const expiresAt = addHours(now, hours)
          values.expiresAt = expiresAt
          // Shortened or extended, the files are kept exactly as long as the new date says.
          values.purgeAfter = purgeAfter(plan, expiresAt)
          // A later date earns the recipients their day-before reminder again.
          if (expiresAt.getTime() > locked.expiresAt.getTime() && expiresAt.getTime() - now.getTime() > 24 * 3600_000) {
            values.reminderSentAt = null
          }
        }
        const row = Object.keys(values).length > 0 ? await repo.update(locked.id, values) : locked
        if (!row) throw ruleError('transfer_not_found', 404)
        if (!emails) return { aggregate: { ...found, transfer: row }, added: [] as TransferRecipientRow[] }
        const { recipients, added } = await repo.replaceRecipients(row.id, emails, newTrackingId)
        return { aggregate: { ...found, transfer: row, recipients }, added }
      })

      try {
        await notifyEdit(updated, before, sender, origin)
      } catch (error) {
        // The edit is saved: a database that fails now costs the emails, logged, not the answer.
        deps.logger.error({ err: error, transferId: found.transfer.id }, 'Could not email the recipients of an edit')
      }
      return updated.aggregate
    },

    /**
     * POST /api/transfers/{id}/files: claims the owner's uploads as on create and appends them;
     * the plan's per-transfer size applies to the new total, its monthly data to the bytes added.
     */
    async addFiles(owner: UserRecord, found: TransferAggregate, keys: readonly string[]): Promise<void> {
      assertEditable(found)
      if (keys.length === 0) throw ruleError('transfer_no_files', 400)
      const plan = await deps.plans.planForUser(owner.id)
      await database.db.transaction(async (tx) => {
        const repo = createTransfersRepository(tx)
        // The sender's lock first, as create takes it: the monthly data counts every transfer.
        await repo.lockSender(owner.id)
        const locked = await repo.lockLive(found.transfer.id)
        if (!locked) throw ruleError('transfer_not_found', 404)
        const now = clock.now()
        if (statusOf({ transfer: locked }, now) !== 'active') throw notEditable()
        const claimed = await deps.uploads.claimUploads(tx, { userId: owner.id }, keys)
        const added = claimed.reduce((sum, file) => sum + file.size, 0)
        assertFitsTransferSize(plan, locked.totalSize + added)
        const usage = await repo.usageSince(owner.id, startOfUtcDay(now), startOfUtcMonth(now))
        assertWithinMonthlyData(plan, usage.monthBytes, added)
        await repo.appendFiles(
          locked.id,
          claimed.map((file) => ({
            fileKey: file.key,
            fileName: file.fileName,
            fileSize: file.size,
            contentType: file.contentType,
          })),
        )
        const addedIds = await repo.fileIdsByKeys(
          locked.id,
          claimed.map((file) => file.key),
        )
        await deps.fileDigests?.enqueue(tx, 'transfer', addedIds)
        // Added files are scanned too; the transfer is held meanwhile (its recipients were emailed already).
        await deps.fileScans?.enqueue(tx, 'transfer', addedIds, { transferId: locked.id, notifyPending: false })
        if (plan.document_preview) await deps.derivatives?.enqueue(tx, addedIds)
        if (locked.cleanDataRoom) {
          await deps.roomPages?.enqueue(tx, addedIds)
        }
      })
    },

    /**
     * DELETE /api/transfers/{id}/files/{fileId}: the row goes in a transaction that keeps at least
     * one file (409 transfer_last_file), then its bytes leave the store. Should the store fail, the
     * key is logged: no transfer names it any more, and nobody can download it.
     */
    async removeFile(found: TransferAggregate, fileId: string): Promise<void> {
      assertEditable(found)
      const removed = await database.db.transaction(async (tx) => {
        const repo = createTransfersRepository(tx)
        const locked = await repo.lockLive(found.transfer.id)
        if (!locked) throw ruleError('transfer_not_found', 404)
        if (statusOf({ transfer: locked }, clock.now()) !== 'active') throw notEditable()
        const file = await repo.deleteFile(locked.id, fileId)
        if (!file) throw ruleError('transfer_file_not_found', 404)
        if ((await repo.fileCount(locked.id)) === 0) throw ruleError('transfer_last_file', 409)
        return file
      })
      try {
        // The file and its previews (issue 19), if any were made.
        for (const key of [removed.fileKey, removed.thumbnailKey, removed.previewKey, ...roomKeysOf(removed)]) {
          if (key !== null) await deps.blobs.delete(key)
        }
      } catch (error) {
        deps.logger.error(
          { err: error, transferId: found.transfer.id, fileKey: removed.fileKey },
          'Could not delete the bytes of a file removed from a transfer',
        )
      }
    },
  }
}
