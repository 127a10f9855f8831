import { randomBytes } from 'node:crypto'
import type { TransferCreateInput, TransferCreateResponse } from '@ferry/contracts/api/transfers'
import type { DbExecutor } from '../../db/database.js'
import type { Deps } from '../../deps.js'
import { requirePlanFeature } from '../../http/plan-feature-guard.js'
import { assertEmailConfirmed } from '../auth/email-confirmation.service.js'
import { hashPassword } from '../auth/index.js'
import type { FileDigestQueue } from '../file-digests/file-digests.types.js'
import type { FileScanQueue } from '../file-scans/file-scans.types.js'
import type { PlansService } from '../plans/plans.service.js'
import type { SenderConfirmations, SenderProof } from '../sender-confirmation/sender-confirmation.service.js'
import type { UploadClaims } from '../uploads/uploads.service.js'
import type { UserRecord } from '../users/users.service.js'
import type { WebhookEvents } from '../webhooks/webhook-outbox.service.js'
import { dataRoomAccess } from './data-room/data-room-settings.js'
import type { RoomPagesQueue } from './data-room/room-pages.job.js'
import { createSendThrottle } from './send-throttle.js'
import { createSftpMailLogins } from './sftp/sftp-mail-login.js'
import { type BackgroundChoices, chosenBackground } from './transfer-background.js'
import { type LinkOrigins, originFor } from './transfer-links.types.js'
import { sharingUrl } from './transfer-mapping.js'
import {
  addHours,
  assertFitsTransferSize,
  assertWithinUsage,
  expiryHoursFor,
  purgeAfter,
  recipientsOf,
  ruleError,
  startOfUtcDay,
  startOfUtcMonth,
} from './transfer-rules.js'
import { recipientNotice } from './transfers.emails.js'
import { createTransfersRepository, type TransferAggregate } from './transfers.repository.js'

/** 192 random bits: share ids cannot be guessed or enumerated. */
export const newShareId = () => randomBytes(24).toString('base64url')
/** 144 random bits per recipient link. */
export const newTrackingId = () => randomBytes(18).toString('base64url')

/** Queues the derivatives (thumbnails, renditions) of new files, in the transaction that stores them. */
export interface Derivatives {
  enqueue(tx: DbExecutor, fileIds: readonly string[]): Promise<void>
}

type CreateDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'mailer' | 'logger' | 'rateLimiter'> & {
  /** Checks a background chosen for recipients (issue 22 item 3). */
  backgrounds?: BackgroundChoices | undefined
  /** The origin of this sender's links (an organization's custom domain, issue 22). */
  links?: LinkOrigins
  plans: Pick<PlansService, 'planForUser'>
  uploads: UploadClaims
  senders: Pick<SenderConfirmations, 'assertMaySend'>
  derivatives?: Derivatives | undefined
  roomPages?: RoomPagesQueue | undefined
  fileDigests?: FileDigestQueue | undefined
  /** The virus scan of new files when CLAMAV_URL is set (issue 24 item 7): recipients wait for it. */
  fileScans?: FileScanQueue | undefined
  webhookEvents?: WebhookEvents | undefined
}

/** How a send is made beyond its payload. */
export interface SendOptions {
  /**
   * A transfer with no recipient, shared only by its link (`PUT /api/put` without `to`: the
   * script prints the link). The web's form always names recipients.
   */
  recipientsOptional?: boolean
}

/**
 * POST /api/transfers: checks the payload against the sender's plan, then claims the uploaded
 * keys and stores the transfer in one transaction (any refusal leaves nothing behind: keys stay
 * unclaimed, no row, no email). After the commit each recipient gets an email with a personal
 * link; a failed email is logged, and the transfer stands.
 */
export function createTransferCreator(deps: CreateDeps) {
  const { config, clock } = deps
  const throttle = createSendThrottle(deps)
  const sftpLogin = createSftpMailLogins(deps)

  async function notify(
    sender: Pick<UserRecord, 'id' | 'name' | 'email' | 'language'>,
    created: TransferAggregate,
    origin?: string,
  ) {
    const { transfer, recipients } = created
    const sftp = await sftpLogin(transfer, recipients)
    origin ??= await originFor(deps, sender.id)
    const results = await Promise.allSettled(
      recipients.map((recipient) => deps.mailer.send(recipientNotice(created, recipient, { origin, sender, sftp }))),
    )
    results.forEach((result, i) => {
      if (result.status === 'rejected') {
        deps.logger.error(
          { err: result.reason, transferId: transfer.id, recipient: recipients[i]?.email },
          'Could not email a transfer recipient; the transfer stands',
        )
      }
    })
  }

  /**
   * The checks of a send that need no files: a confirmed address, recipients and expiry the plan
   * allows, the plan flag of a password, a confirmed sender (issue 18 item 7). `PUT /api/put` runs
   * them before it stores a byte, then the whole of createTransfer once the body is in.
   */
  async function admitSender(
    sender: UserRecord,
    input: Omit<TransferCreateInput, 'files'>,
    proof: SenderProof,
    options: SendOptions = {},
  ) {
    // Only a proven address sends mail in its name (security review M-2, spec/accounts.md §2).
    assertEmailConfirmed(sender)
    const plan = await deps.plans.planForUser(sender.id)
    const noneGiven = input.recipient_emails.length === 0 && !input.recipient_email?.trim()
    const emails = options.recipientsOptional && noneGiven ? [] : recipientsOf(input, plan)
    const hours = expiryHoursFor(plan, input.expires_in_hours)
    if (input.password != null) requirePlanFeature(plan, 'password_protection')
    if (input.sftp_in_email) requirePlanFeature(plan, 'sftp_download')
    const backgroundId = await chosenBackground(deps.backgrounds, plan, sender.id, input.background_id)
    const access = dataRoomAccess(plan, {
      cleanDataRoom: input.clean_data_room,
      pdfDownload: input.data_room_pdf_download,
      access: input.access,
      recipientCount: emails.length,
    })
    // Verified senders (issue 18 item 7): before anything is claimed, counted or emailed. The
    // uploads stay pending (UPLOAD_PENDING_TTL_HOURS) for the same request once confirmed.
    await deps.senders.assertMaySend(sender, plan.requires_otp, proof)
    return { plan, emails, hours, access: access ?? 'link', backgroundId }
  }

  async function createTransfer(
    sender: UserRecord,
    input: TransferCreateInput,
    clientIp: string,
    proof: SenderProof,
    options: SendOptions = {},
  ): Promise<TransferCreateResponse> {
    if (input.files.length === 0) {
      assertEmailConfirmed(sender)
      throw ruleError('transfer_no_files', 400)
    }
    const { plan, emails, hours, access, backgroundId } = await admitSender(sender, input, proof, options)
    await throttle.take(sender, clientIp, emails.length)
    // Hashed before the transaction (argon2id takes a few ms and a worker thread); only the hash is kept.
    const passwordHash = input.password != null ? await hashPassword(input.password) : null
    // Read before the transaction: once it commits the transfer exists, and nothing after may
    // answer an error (a database gone at that moment would say 503 of a transfer that was made).
    const origin = await originFor(deps, sender.id)

    const created = await deps.database.db.transaction(async (tx) => {
      const repo = createTransfersRepository(tx)
      await repo.lockSender(sender.id)
      const claimed = await deps.uploads.claimUploads(
        tx,
        { userId: sender.id },
        input.files.map((f) => f.file_key),
      )
      const totalSize = claimed.reduce((sum, file) => sum + file.size, 0)
      assertFitsTransferSize(plan, totalSize)
      const now = clock.now()
      assertWithinUsage(
        plan,
        await repo.usageSince(sender.id, startOfUtcDay(now), startOfUtcMonth(now)),
        totalSize,
        now,
      )
      const expiresAt = addHours(now, hours)
      const inserted = await repo.insert({
        transfer: {
          uniqueId: newShareId(),
          userId: sender.id,
          title: input.title,
          message: input.message,
          totalSize,
          createdAt: now,
          expiresAt,
          purgeAfter: purgeAfter(plan, expiresAt),
          passwordHash,
          remindersEnabled: input.reminders ?? true,
          access,
          cleanDataRoom: input.clean_data_room ?? false,
          dataRoomPdfDownload: input.data_room_pdf_download ?? false,
          maxDownloads: input.max_downloads ?? null,
          burnAfterDownload: input.burn_after_download ?? false,
          sftpInEmail: input.sftp_in_email ?? false,
          backgroundId,
        },
        files: claimed.map((file, position) => ({
          fileKey: file.key,
          fileName: file.fileName,
          fileSize: file.size,
          contentType: file.contentType,
          position,
        })),
        recipients: emails.map((email, position) => ({ email, trackingId: newTrackingId(), position })),
      })
      // Every stored file is read through once for its SHA-256 and CRC-32 (issue 24).
      await deps.fileDigests?.enqueue(
        tx,
        'transfer',
        inserted.files.map((f) => f.id),
      )
      // With a scanner, the transfer is held and its recipients' email waits until every file is
      // scanned (docs/decisions/0039): the scan job sends it then.
      const held = await deps.fileScans?.enqueue(
        tx,
        'transfer',
        inserted.files.map((f) => f.id),
        { transferId: inserted.transfer.id, notifyPending: true },
      )
      // Previews are made once, after upload, by the job queue (issue 19); queued with the rows, so
      // a transfer that is not stored queues nothing.
      if (plan.document_preview) {
        await deps.derivatives?.enqueue(
          tx,
          inserted.files.map((f) => f.id),
        )
      }
      // A data room's clean pages are rendered once, by the job queue, like the previews.
      if (inserted.transfer.cleanDataRoom) {
        await deps.roomPages?.enqueue(
          tx,
          inserted.files.map((f) => f.id),
        )
      }
      // Written with the rows (the outbox): the event exists exactly when the transfer does.
      await deps.webhookEvents?.emit(tx, sender.id, 'transfer.created', {
        id: inserted.transfer.id,
        unique_id: inserted.transfer.uniqueId,
        title: inserted.transfer.title,
        total_size: inserted.transfer.totalSize,
        files: inserted.files.map((f) => ({ id: f.id, name: f.fileName, size: f.fileSize })),
        recipient_emails: inserted.recipients.map((r) => r.email),
        created_at: inserted.transfer.createdAt.toISOString(),
        expires_at: inserted.transfer.expiresAt.toISOString(),
        sharing_url: sharingUrl(config.publicUrl, inserted.transfer.uniqueId),
      })
      return { ...inserted, held: held === true }
    })

    if (!created.held) {
      await notify(sender, created, origin).catch((error: unknown) =>
        deps.logger.error(
          { err: error, transferId: created.transfer.id },
          'Could not email the recipients of a new transfer; the transfer stands',
        ),
      )
    }
    return {
      sharing_url: sharingUrl(origin, created.transfer.uniqueId),
      message: 'Transfer created successfully',
      id: created.transfer.id,
      unique_id: created.transfer.uniqueId,
      expires_at: created.transfer.expiresAt.toISOString(),
    }
  }

  /**
   * The recipients' first email of a transfer that was held for its virus scan, sent once the
   * hold is lifted (the scan job, or an admin's release); the sender is read again as they are now.
   */
  async function notifyHeld(transferId: string): Promise<void> {
    const repo = createTransfersRepository(deps.database.db)
    const aggregate = await repo.findById(transferId)
    if (!aggregate || aggregate.transfer.deletedAt || !aggregate.transfer.userId) return
    const owner = await repo.ownerContact(aggregate.transfer.userId)
    if (!owner) return
    await notify({ id: aggregate.transfer.userId, ...owner }, aggregate)
  }

  return Object.assign(createTransfer, { admitSender, notifyHeld })
}
