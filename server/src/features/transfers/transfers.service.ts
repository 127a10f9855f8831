import type { Branding } from '@ferry/contracts/api/branding'
import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import {
  type AdminTransfer,
  type DownloadUrlResponse,
  type ShareLockedResponse,
  type ShareResponse,
  splitRecipientInput,
  type Transfer,
  type TransferCreateInput,
  type TransferCreateResponse,
  type TransferUpdateInput,
  transferCreateRequest,
} from '@ferry/contracts/api/transfers'
import { isAdmin } from '@ferry/contracts/api/users'
import { errorMessages } from '@ferry/contracts/errors'
import { createReadCache } from '../../db/read-cache.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { requirePlanFeature } from '../../http/plan-feature-guard.js'
import { loadOrCreateSecret } from '../../secrets/secrets.js'
import { hashPassword, verifyPassword } from '../auth/index.js'
import type { FileDigestQueue } from '../file-digests/file-digests.types.js'
import type { FileScanQueue, ScanHolds } from '../file-scans/file-scans.types.js'
import type { PlansService } from '../plans/plans.service.js'
import type { SenderConfirmations, SenderProof } from '../sender-confirmation/sender-confirmation.service.js'
import type { UploadClaims } from '../uploads/uploads.service.js'
import type { UserRecord } from '../users/users.service.js'
import type { WebhookEvents } from '../webhooks/webhook-outbox.service.js'
import { guessingEmail } from './access/access.emails.js'
import { createRecipientVerification } from './access/recipient-verification.js'
import { type AccessClaim, createTransferAccess } from './access/transfer-access.js'
import { createUnlockLimit } from './access/unlock-limit.js'
import { createTransferCreator, type Derivatives, type SendOptions } from './create-transfer.js'
import {
  assertNotDataRoom,
  dataRoomAccess,
  noDataRoomPlan,
  requireDataRoomPlan,
} from './data-room/data-room-settings.js'
import type { RoomPagesQueue } from './data-room/room-pages.job.js'
import { createDownloadLimit, isLimited, limitReached } from './download-limit.js'
import { createDownloadSigner, type DownloadSigner } from './download-signature.js'
import { assertNotHeld } from './scan-hold.js'
import type { ShareAggregate } from './share-query.js'
import { type BackgroundChoices, chosenBackground } from './transfer-background.js'
import { createTransferEdits } from './transfer-edits.js'
import { type LinkOrigins, originFor } from './transfer-links.types.js'
import {
  scanHoldOf,
  shareDownloadPath,
  statusOf,
  toShareFile,
  toTrackedRecipients,
  toTransfer,
  toTransferFile,
} from './transfer-mapping.js'
import { purgeTransferFiles } from './transfer-purge.js'
import { createRecovery } from './transfer-recovery.js'
import { ruleError, ShareExpiredError, ShareSpentError, startOfUtcDay, startOfUtcMonth } from './transfer-rules.js'
import { createTransfersRepository, type TransferAggregate, type TransferFileRow } from './transfers.repository.js'

export type TransfersDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'blobs' | 'mailer' | 'logger' | 'rateLimiter'>

/** Seconds a sender's download link stays valid: followed at once by the browser. */
export const senderLinkSeconds = 15 * 60
/** Seconds the links of a browser-made ZIP stay valid: the last file may start a while after the first. */
export const clientZipLinkSeconds = 6 * 60 * 60

const shareIdPattern = /^[A-Za-z0-9_-]{16,64}$/
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const notFound = () => ruleError('transfer_not_found', 404)

/** What a download sends: the files chosen, and how it counts once it completes. */
export interface DownloadPlan {
  aggregate: TransferAggregate
  files: TransferFileRow[]
  zip: boolean
  /** Whether a completed download counts (not for the sender's own). */
  counts: boolean
  /** A download limit or burn after download: Ferry streams the bytes itself to see the last one. */
  limited: boolean
  /** The recipient whose `t` came with it, for their per-file download status. */
  recipientId: string | null
}

/**
 * What a share read gives: the record, or (for a protected transfer without a grant) only what
 * opens it. An open record also names the transfer and its owner, so the page view is logged
 * without looking the transfer up again (the share page is the busiest read).
 */
export type ShareOutcome =
  | {
      open: ShareResponse
      transfer: { id: string; userId: string | null }
      /** The recipient the link's `t` names, found with the share: whom the page view is logged for. */
      linkRecipientId: string | null
    }
  | { locked: ShareLockedResponse }

/** A new grant to hand over (cookie and header), or null when the transfer needs none. */
export type UnlockResult = { token: string; expiresAt: Date } | null

/** Who is asking: a signed-in user, or nobody. */
export type Viewer = Pick<UserRecord, 'id' | 'role'> | null

/** What the page of a sender's transfer is branded with (the branding feature provides it). */
export interface ShareBranding extends BackgroundChoices {
  /** `seed` keeps a rotating background stable per transfer; `chosen` is the sender's pick. */
  forSender(
    senderId: string,
    seed: string,
    chosen?: string | null,
    known?: Awaited<ReturnType<PlansService['planAndOrganizationOf']>>,
  ): Promise<Branding>
}

interface ShareRead {
  found: ShareAggregate
  sender: Awaited<ReturnType<PlansService['planAndOrganizationOf']>>
  branding: Branding
}

/** Stored transfers: create, list, share, download, delete, recover (spec/transfers.md §2–§8, product.md §3–§4, §8). */
export function createTransfersService(
  deps: TransfersDeps,
  {
    plans,
    uploads,
    senders,
    derivatives,
    roomPages,
    fileDigests,
    fileScans,
    scanHolds,
    webhookEvents,
    branding,
    links,
  }: {
    plans: PlansService
    uploads: UploadClaims
    senders: Pick<SenderConfirmations, 'assertMaySend'>
    /** Queues the previews of new files (issue 19). */
    derivatives?: Derivatives
    roomPages?: RoomPagesQueue
    /** Queues the SHA-256 and CRC-32 of new files (issue 24). */
    fileDigests?: FileDigestQueue
    /** Queues the virus scan of new files when CLAMAV_URL is set (issue 24 item 7). */
    fileScans?: FileScanQueue
    /** An admin's release of a transfer the scan froze. */
    scanHolds?: ScanHolds
    /** The webhook outbox (issue 20 item 5): events written in the transaction of what happened. */
    webhookEvents?: WebhookEvents
    /** The sender's organization's stylesheet and background on the share page (issue 22 items 3, 4). */
    branding?: ShareBranding
    /** The origin of each sender's links: an organization's custom domain (issue 22 item 2). */
    links?: LinkOrigins
  },
) {
  const { clock, blobs, config } = deps
  const repo = createTransfersRepository(deps.database.db)
  const create = createTransferCreator({
    ...deps,
    plans,
    uploads,
    senders,
    derivatives,
    roomPages,
    fileDigests,
    fileScans,
    webhookEvents,
    links,
    backgrounds: branding,
  })
  const recovery = createRecovery({ ...deps, plans })
  const edits = createTransferEdits({
    ...deps,
    plans,
    uploads,
    derivatives,
    roomPages,
    fileDigests,
    fileScans,
    links,
  })
  const access = createTransferAccess(deps)
  const unlockLimit = createUnlockLimit(deps)
  const verification = createRecipientVerification(deps, access)
  const downloadLimit = createDownloadLimit({ ...deps, webhookEvents })
  let signer: Promise<DownloadSigner> | undefined

  /** The API shape of a transfer, its share link on its sender's origin. */
  const mapped = async (aggregate: TransferAggregate) =>
    toTransfer(aggregate, clock.now(), await originFor({ config, links }, aggregate.transfer.userId))
  const getSigner = () => {
    signer ??= loadOrCreateSecret(deps.database.db, 'download-signing')
      .then(createDownloadSigner)
      .catch((error) => {
        signer = undefined // a database hiccup must not stick
        throw error
      })
    return signer
  }

  /** The share read: one prepared round trip (downloads are as hot as the share page). */
  async function byShareId(uniqueId: string) {
    return shareIdPattern.test(uniqueId) ? repo.findShare(uniqueId) : undefined
  }

  /**
   * What a share view reads (the transfer, its sender's plan and organization, its branding), kept
   * between views while nothing is written (read-cache.ts): the share page is the hottest public
   * route. Shared between requests: never mutated.
   */
  const shareReads = createReadCache<ShareRead | null>(deps.database, { max: 1_000 })
  function readShare(uniqueId: string): Promise<ShareRead | null> {
    return shareReads.get(uniqueId, async () => {
      const found = await byShareId(uniqueId)
      if (!found) return null
      const { transfer } = found
      const sender = await plans.planAndOrganizationOf(transfer.userId)
      const shown =
        transfer.userId && branding
          ? await branding.forSender(transfer.userId, transfer.id, transfer.backgroundId, sender)
          : null
      return { found, sender, branding: shown }
    })
  }

  /** A transfer the viewer may manage: the owner's own, or any for an admin when `adminMay`. Never a deleted one. */
  async function managed(viewer: Viewer, id: string, adminMay: boolean): Promise<TransferAggregate> {
    const found = uuidPattern.test(id) ? await repo.findById(id) : undefined
    if (!found || found.transfer.deletedAt !== null || !viewer) throw notFound()
    const mine = found.transfer.userId === viewer.id
    if (!mine && !(adminMay && isAdmin(viewer.role))) throw notFound()
    return found
  }

  function assertActive(aggregate: TransferAggregate) {
    const status = statusOf(aggregate, clock.now())
    if (status === 'deleted') throw notFound()
    if (status === 'expired') throw ruleError('transfer_expired', 403)
  }

  function pickFile(aggregate: TransferAggregate, fileKey: string): TransferFileRow {
    const file = aggregate.files.find((f) => f.fileKey === fileKey)
    if (!file) throw ruleError('transfer_file_not_found', 404)
    return file
  }

  /** Who manages a transfer through the sender's routes: its owner, or an admin (managed() checked it). */
  const managerClaim: AccessClaim = { isSender: true, grants: [] }

  /** A link for the sender: the store's presigned URL for a file, else Ferry's signed share download. */
  async function senderLink(aggregate: TransferAggregate, file: TransferFileRow | null, seconds: number) {
    await access.require(aggregate.transfer, managerClaim)
    // A spent transfer's files are deleted (or about to be): nobody, the sender included, gets a link.
    if (aggregate.transfer.spentAt) throw limitReached()
    assertNotHeld(aggregate.transfer, true)
    const { uniqueId } = aggregate.transfer
    if (file) {
      const presigned = await blobs.signDownload(file.fileKey, { expiresInSeconds: seconds, fileName: file.fileName })
      if (presigned) return presigned
    }
    const signed = (await getSigner()).sign({
      uniqueId,
      fileKey: file?.fileKey ?? null,
      expiresAt: Math.floor(clock.now().getTime() / 1000) + seconds,
    })
    const query = new URLSearchParams({
      ...(file ? { file_key: file.fileKey } : { as_zip: 'true' }),
      exp: signed.exp,
      sig: signed.sig,
    })
    return `${config.publicUrl}${shareDownloadPath(uniqueId)}?${query}`
  }

  /** The owner's one email when a transfer's password is being guessed; a failure is logged, the refusal stands. */
  async function alertOwner(aggregate: TransferAggregate) {
    const { transfer } = aggregate
    const owner = transfer.userId ? await repo.ownerContact(transfer.userId) : undefined
    if (!owner) return
    const mail = guessingEmail(
      {
        to: owner.email,
        title: transfer.title,
        sentAt: transfer.createdAt,
        link: `${config.publicUrl}/transfers/${transfer.id}`,
      },
      owner.language,
    )
    await deps.mailer.send(mail).catch((error) => {
      deps.logger.error(
        { err: error, transferId: transfer.id },
        'Could not email the owner of a transfer being guessed',
      )
    })
  }

  async function softDelete(aggregate: TransferAggregate) {
    const row = await deps.database.db.transaction(async (tx) => {
      const deleted = await createTransfersRepository(tx).softDelete(aggregate.transfer.id, clock.now())
      if (deleted) {
        await webhookEvents?.emit(tx, deleted.userId, 'transfer.deleted', {
          id: deleted.id,
          unique_id: deleted.uniqueId,
          title: deleted.title,
          deleted_at: clock.now().toISOString(),
        })
      }
      return deleted
    })
    if (!row) throw notFound()
    await purgeTransferFiles(deps, repo, row.id, clock.now())
    return { message: 'Transfer deleted' }
  }

  return {
    /** The stored transfer with its files and recipients, or undefined (billing prices a recovery by its dates). */
    findStored(id: string): Promise<TransferAggregate | undefined> {
      return repo.findById(id)
    },

    /**
     * A link transfer (no recipient emails, as PUT /api/put makes) of uploaded files, through the
     * same create as any transfer: plan limits, sender confirmation, quota. A room's "send as a
     * link instead" uses it (issue 24 item 4).
     */
    createLinkOnly(
      sender: UserRecord,
      files: TransferCreateInput['files'],
      clientIp: string,
      proof: SenderProof,
    ): Promise<TransferCreateResponse> {
      return create(sender, transferCreateRequest.parse({ files }), clientIp, proof, { recipientsOptional: true })
    },

    /**
     * Deletes the stored files of transfers already deleted (an admin deleted their owner); one
     * that fails stays for the sweeper.
     */
    async purgeFiles(ids: readonly string[]): Promise<void> {
      for (const id of ids) await purgeTransferFiles(deps, repo, id, clock.now())
    },

    create(
      sender: UserRecord,
      input: TransferCreateInput,
      clientIp: string,
      proof: SenderProof,
      options?: SendOptions,
    ): Promise<TransferCreateResponse> {
      return create(sender, input, clientIp, proof, options)
    },

    /** The recipients' first email of a transfer held for its virus scan, once it is released. */
    notifyHeld(transferId: string): Promise<void> {
      return create.notifyHeld(transferId)
    },

    /** The checks of a send that need no files (PUT /api/put runs them before storing a byte). */
    async admitSender(
      sender: UserRecord,
      input: Omit<TransferCreateInput, 'files'>,
      proof: SenderProof,
      options?: SendOptions,
    ): Promise<void> {
      await create.admitSender(sender, input, proof, options)
    },

    /** For the uploads feature (SendingUsage): what the monthly data cap already counts. */
    async sentThisMonth(userId: string): Promise<number> {
      const now = clock.now()
      return (await repo.usageSince(userId, startOfUtcDay(now), startOfUtcMonth(now))).monthBytes
    },

    /** For the account's data download: every live transfer of the user, with files and recipients. */
    allOwnedRecords(userId: string): Promise<TransferAggregate[]> {
      return repo.listAllOwned(userId)
    },

    /** The caller's own transfers (admins included), newest first, without deleted ones. */
    async listOwn(userId: string, request: PageRequest): Promise<Page<Transfer>> {
      const now = clock.now()
      const page = await repo.listPage(userId, request)
      const origin = await originFor({ config, links }, userId)
      return { ...page, items: page.items.map((a) => toTransfer(a, now, origin)) }
    },

    /** The transfers an organization owns (issue 22), newest first; the caller checked the role. */
    async listOfOrganization(organizationId: string): Promise<Transfer[]> {
      const now = clock.now()
      return (await repo.listOfOrganization(organizationId, 500)).map((a) => toTransfer(a, now, config.publicUrl))
    },

    /** The admin list: every live transfer with its owner's email and name, optionally by owner email. */
    async listAll(request: PageRequest, ownerEmail?: string): Promise<Page<AdminTransfer>> {
      const now = clock.now()
      const page = await repo.listPage(null, request, { ownerEmail })
      const owners = await repo.ownersOf(page.items.flatMap((a) => (a.transfer.userId ? [a.transfer.userId] : [])))
      return {
        ...page,
        items: page.items.map((a) => {
          const owner = a.transfer.userId ? owners.get(a.transfer.userId) : undefined
          return {
            ...toTransfer(a, now, config.publicUrl),
            owner_email: owner?.email ?? null,
            owner_name: owner?.name ?? null,
          }
        }),
      }
    },

    /** The owner's (or, for an admin, anyone's) transfer; 404 otherwise, and for a deleted one. */
    async get(viewer: Viewer, id: string): Promise<Transfer> {
      return mapped(await managed(viewer, id, true))
    },

    /** Soft-deletes the owner's transfer and removes its files. Others get 404. */
    async deleteOwn(viewer: Viewer, id: string) {
      return softDelete(await managed(viewer, id, false))
    },

    /**
     * An admin releases a transfer the virus scan froze (issue 24 item 7): 409 when it is not
     * frozen; recipients whose first email waited for the scan get it now.
     */
    async unfreeze(viewer: Viewer, id: string): Promise<Transfer> {
      const found = await managed(viewer, id, true)
      const released = await scanHolds?.unfreeze(found.transfer.id)
      if (!released) throw ruleError('transfer_not_frozen', 409)
      deps.logger.info({ transferId: found.transfer.id, adminId: viewer?.id }, 'An admin released a frozen transfer')
      if (released.notify) await create.notifyHeld(found.transfer.id)
      return mapped(await managed(viewer, id, true))
    },

    /** Admins delete any transfer. */
    async deleteAny(viewer: Viewer, id: string) {
      return softDelete(await managed(viewer, id, true))
    },

    /**
     * Who sent the transfer a share page shows (its `user_id`, null for a visitor's), or undefined
     * for no such share or a deleted one: for features that follow the sender's plan (DECISIONS §12).
     */
    async shareSender(uniqueId: string): Promise<{ userId: string | null } | undefined> {
      const found = await byShareId(uniqueId)
      if (!found || found.transfer.deletedAt !== null) return undefined
      return { userId: found.transfer.userId }
    },

    /**
     * GET /api/share/{uniqueId}: 404 for unknown or deleted, 403 once expired (ShareExpiredError:
     * with the title and the sender's name), except to the sender, who still sees it (with its
     * status and no download link). A recipient's `t` records their first access; tracking lists
     * recipients only for the sender.
     */
    async share(
      uniqueId: string,
      viewer: Viewer,
      t: string | undefined,
      grants: readonly string[],
    ): Promise<ShareOutcome> {
      const read = await readShare(uniqueId)
      if (!read) throw notFound()
      const { found, sender } = read
      const { transfer, files, recipients } = found
      const isSender = viewer !== null && transfer.userId === viewer.id
      const status = statusOf(found, clock.now())
      const senderName = found.senderName ?? 'A Ferry user'
      // A recipient of an expired transfer is told what expired and whom to ask (title and name only).
      if (!isSender && status === 'expired') throw new ShareExpiredError(transfer.title, senderName)
      if (!isSender) assertActive(found)
      // Past its download limit a transfer is gone for all but its sender, password or not.
      if (!isSender && transfer.spentAt) throw new ShareSpentError(transfer.title, senderName)
      const verdict = await access.verdict(transfer, { isSender, grants }, recipients)
      if (!verdict.open) {
        return {
          locked: {
            detail: errorMessages[verdict.lock.code],
            code: verdict.lock.code,
            transfer: { title: transfer.title },
            sender: { name: senderName },
          },
        }
      }
      const byLink = t ? recipients.find((r) => r.trackingId === t) : undefined
      // A verified recipient's grant names them exactly; otherwise the `t` of their link does.
      const recipient = verdict.recipientId ? recipients.find((r) => r.id === verdict.recipientId) : byLink
      // Previews follow the sender's plan now (issue 19): a downgrade hides them, an upgrade shows them.
      const senderPlan = sender.plan
      const previews = senderPlan.document_preview
      const held = !isSender && transfer.scanHold !== null
      if (recipient && !isSender && !recipient.firstAccessedAt) await repo.recordFirstAccess(recipient.id, clock.now())
      return {
        transfer: { id: transfer.id, userId: transfer.userId },
        linkRecipientId: byLink?.id ?? null,
        open: {
          transfer: {
            id: transfer.id,
            unique_id: transfer.uniqueId,
            title: transfer.title,
            message: transfer.message,
            created_at: transfer.createdAt.toISOString(),
            expires_at: transfer.expiresAt.toISOString(),
            deleted_at: transfer.deletedAt?.toISOString() ?? null,
            download_count: transfer.downloadCount,
            // Held by the virus scan (issue 24 item 7): recipients see no file until every one is clean.
            files: held
              ? []
              : files.map((file) => toShareFile(file, transfer.uniqueId, previews, transfer.cleanDataRoom)),
            total_size: transfer.totalSize,
            status,
            max_downloads: transfer.maxDownloads,
            burn_after_download: transfer.burnAfterDownload,
            download_limit_reached: transfer.spentAt !== null,
            comments_enabled: senderPlan.document_comments,
            clean_data_room: transfer.cleanDataRoom,
            data_room_pdf_download: transfer.cleanDataRoom && transfer.dataRoomPdfDownload,
            scan_hold: scanHoldOf(transfer),
          },
          sender: { name: senderName },
          // A data room's bytes are the sender's alone (issue 19 item 3).
          download_url:
            status === 'active' &&
            !transfer.spentAt &&
            (isSender || !transfer.cleanDataRoom) &&
            !held &&
            transfer.scanHold !== 'frozen'
              ? `${config.publicUrl}${shareDownloadPath(transfer.uniqueId)}`
              : null,
          branding: read.branding,
          tracking: isSender
            ? {
                is_sender: true,
                current_recipient: recipient?.trackingId ?? null,
                recipients: toTrackedRecipients(recipients, files, found.downloads),
              }
            : { is_sender: false, current_recipient: recipient?.trackingId ?? null },
        },
      }
    },

    /**
     * POST /api/share/{uniqueId}/unlock: the password for a grant. Wrong tries are limited before
     * the password is hashed (429); a wrong one answers 401 password_incorrect, and the owner is
     * told once when the transfer is being guessed. Null when the transfer has no password.
     */
    async unlock(uniqueId: string, password: string, clientIp: string): Promise<UnlockResult> {
      const found = await byShareId(uniqueId)
      if (!found) throw notFound()
      assertActive(found)
      const { transfer } = found
      if (!transfer.passwordHash) return null
      await unlockLimit.admit(transfer.id, clientIp)
      if (!(await verifyPassword(transfer.passwordHash, password))) {
        if (await unlockLimit.failed(transfer.id, clientIp)) await alertOwner(found)
        throw new AppError('password_incorrect', 401)
      }
      await unlockLimit.succeeded(transfer.id, clientIp)
      // Issued for the hash just checked: had the owner changed it meanwhile, this grant opens nothing.
      return access.issue(transfer, 'password')
    },

    /** POST /api/share/{uniqueId}/verification: a code to a recipient's address (202 either way). */
    async requestVerification(uniqueId: string, email: string, clientIp: string): Promise<void> {
      const found = await byShareId(uniqueId)
      if (!found) throw notFound()
      assertActive(found)
      await verification.request(found, email, clientIp)
    },

    /** POST /api/share/{uniqueId}/verification/confirm: the code for a grant bound to that recipient. */
    async confirmVerification(uniqueId: string, email: string, code: string, clientIp: string) {
      const found = await byShareId(uniqueId)
      if (!found) throw notFound()
      assertActive(found)
      return verification.confirm(found, email, code, clientIp)
    },

    /**
     * PATCH /api/transfers/{id}: the owner changes the title, the message or the password (a
     * string sets or changes it, with the plan flag password_protection; null removes it). A new
     * or removed password revokes every grant at once: grants carry a fingerprint of the hash.
     * A new expiry or recipient list goes through transfer-edits.ts, in one transaction with the rest.
     * The download limit and burn after download may change until the transfer is spent (410
     * after); a limit already met, or a burn every recipient already met, ends it at once.
     */
    async update(viewer: UserRecord, id: string, input: TransferUpdateInput, clientIp: string): Promise<Transfer> {
      const found = await managed(viewer, id, false)
      const values: Parameters<typeof repo.update>[1] = {}
      if (input.title !== undefined) values.title = input.title
      if (input.message !== undefined) values.message = input.message
      if (input.reminders !== undefined) values.remindersEnabled = input.reminders
      const roomAccess = dataRoomAccess(
        input.clean_data_room || input.data_room_pdf_download ? await plans.planForUser(viewer!.id) : noDataRoomPlan,
        {
          cleanDataRoom: input.clean_data_room,
          pdfDownload: input.data_room_pdf_download,
          access: input.access,
          recipientCount:
            input.recipient_emails === undefined
              ? found.recipients.length
              : input.recipient_emails.flatMap(splitRecipientInput).length,
          current: found.transfer,
        },
      )
      if (input.clean_data_room !== undefined) values.cleanDataRoom = input.clean_data_room
      if (input.data_room_pdf_download !== undefined) values.dataRoomPdfDownload = input.data_room_pdf_download
      if (input.access === 'recipients' && found.recipients.length === 0) {
        throw new AppError('access_needs_recipients', 422)
      }
      if (roomAccess !== undefined) values.access = roomAccess
      const limitsChange = input.max_downloads !== undefined || input.burn_after_download !== undefined
      if (limitsChange && found.transfer.spentAt) throw limitReached()
      if (input.max_downloads !== undefined) values.maxDownloads = input.max_downloads
      if (input.burn_after_download !== undefined) values.burnAfterDownload = input.burn_after_download
      if (input.sftp_in_email !== undefined) {
        if (input.sftp_in_email) requirePlanFeature(await plans.planForUser(viewer!.id), 'sftp_download')
        values.sftpInEmail = input.sftp_in_email
      }
      if (input.background_id !== undefined) {
        // The sender's plan and organization decide, as they decide what recipients are shown.
        const sender = found.transfer.userId
        values.backgroundId =
          input.background_id === null
            ? null
            : await chosenBackground(branding, await plans.planForUser(sender), sender, input.background_id)
      }
      if (input.password !== undefined) {
        if (input.password !== null) {
          requirePlanFeature(await plans.planForUser(viewer!.id), 'password_protection')
          values.passwordHash = await hashPassword(input.password)
        } else {
          values.passwordHash = null
        }
      }
      let updated: TransferAggregate
      if (input.expires_in_hours !== undefined || input.recipient_emails !== undefined) {
        updated = await edits.update(viewer, found, input, values, clientIp)
      } else {
        if (Object.keys(values).length === 0) return mapped(found)
        const row = await repo.update(found.transfer.id, values)
        if (!row) throw notFound()
        updated = { ...found, transfer: row }
      }
      // A data room turned on: its files' clean pages are rendered once (those never rendered).
      if (input.clean_data_room && roomPages) {
        await deps.database.db.transaction(async (tx) =>
          roomPages.enqueue(
            tx,
            updated.files.map((f) => f.id),
          ),
        )
        updated = (await repo.findById(updated.transfer.id)) ?? updated
      }
      // A new limit, burning turned on, or a recipient list without the one who had not downloaded yet
      // may end the transfer now.
      if (limitsChange || input.recipient_emails !== undefined) {
        await downloadLimit.settle(updated.transfer)
        updated = (await repo.findById(updated.transfer.id)) ?? updated
      }
      return mapped(updated)
    },

    /** POST /api/transfers/{id}/files: the owner's uploads attached to a live transfer (transfer-edits.ts). */
    async addFiles(viewer: UserRecord, id: string, keys: readonly string[]): Promise<Transfer> {
      await edits.addFiles(viewer, await managed(viewer, id, false), keys)
      return mapped(await managed(viewer, id, false))
    },

    /** DELETE /api/transfers/{id}/files/{fileId}: one file less, never the last (transfer-edits.ts). */
    async removeFile(viewer: UserRecord, id: string, fileId: string): Promise<Transfer> {
      const found = await managed(viewer, id, false)
      if (!uuidPattern.test(fileId)) throw ruleError('transfer_file_not_found', 404)
      await edits.removeFile(found, fileId)
      // Burning: the file removed may have been the last one a recipient had not downloaded.
      if (found.transfer.burnAfterDownload) await downloadLimit.settle(found.transfer)
      return mapped(await managed(viewer, id, false))
    },

    /**
     * What GET /share/{uniqueId}/download sends: one file (file_key, or the only file) or the
     * ZIP of all. A sender's signed link (exp, sig) must verify, and does not count.
     */
    async planShareDownload(
      uniqueId: string,
      query: { file_key?: string; as_zip: boolean; t?: string; exp?: string; sig?: string },
      viewer: Viewer,
      grants: readonly string[],
    ): Promise<DownloadPlan> {
      const found = await byShareId(uniqueId)
      if (!found) throw notFound()
      assertActive(found)
      const signedLink = query.sig !== undefined || query.exp !== undefined
      const viewerIsSender = viewer !== null && viewer.id === found.transfer.userId
      // The access grant, before any byte is read or any store URL signed (file, ZIP, Range, HEAD
      // alike), and before the file is even looked up. A sender's signed link is checked below.
      const verified = signedLink
        ? null
        : (await access.require(found.transfer, { isSender: viewerIsSender, grants }, found.recipients)).recipientId
      if (found.transfer.spentAt) throw limitReached()
      const zip = query.file_key === undefined && (query.as_zip || found.files.length > 1)
      const files = zip ? found.files : [query.file_key ? pickFile(found, query.file_key) : found.files[0]!]
      let signedBySender = false
      if (signedLink) {
        const claims = { uniqueId, fileKey: zip ? null : files[0]!.fileKey }
        const verdict = (await getSigner()).verify(claims, query, clock.now().getTime())
        if (verdict !== 'ok') throw new AppError('download_link_invalid', 403)
        signedBySender = true
        // A link the server signed for the sender (or an admin) opens like the sender's session.
        await access.require(found.transfer, { isSender: true, grants })
      }
      const isSender = signedBySender || viewerIsSender
      // A data room's bytes are its sender's alone (issue 19 item 3), ZIP, ranges and HEAD alike.
      assertNotDataRoom(found.transfer, isSender)
      assertNotHeld(found.transfer, isSender)
      // HEAD, ranges and whole downloads alike: none is let through while every allowed download is done or in flight.
      if (!isSender) await downloadLimit.admit(found.transfer)
      // A verified recipient's grant names them exactly; otherwise the `t` of their link does.
      const recipient = verified
        ? found.recipients.find((r) => r.id === verified)
        : query.t
          ? found.recipients.find((r) => r.trackingId === query.t)
          : undefined
      return {
        aggregate: found,
        files,
        zip,
        counts: !isSender,
        limited: isLimited(found.transfer),
        recipientId: isSender ? null : (recipient?.id ?? null),
      }
    },

    /**
     * A file to view in the browser (issue 19): the same access grant as a download, checked
     * before anything of the file is read, and the sender's plan must have document_preview.
     * Never counted, never tracked.
     */
    async viewFile(uniqueId: string, fileId: string, viewer: Viewer, grants: readonly string[]) {
      const found = await byShareId(uniqueId)
      if (!found) throw notFound()
      assertActive(found)
      // A spent transfer's files are gone: 410 as on every byte path, not a store error.
      if (found.transfer.spentAt) throw limitReached()
      const isSender = viewer !== null && viewer.id === found.transfer.userId
      await access.require(found.transfer, { isSender, grants }, found.recipients)
      assertNotDataRoom(found.transfer, isSender)
      assertNotHeld(found.transfer, isSender)
      requirePlanFeature(await plans.planForUser(found.transfer.userId), 'document_preview')
      const file = found.files.find((f) => f.id === fileId)
      if (!file) throw ruleError('transfer_file_not_found', 404)
      return { file, createdAt: found.transfer.createdAt }
    },

    /**
     * Who is at a transfer's review comments (issue 19 item 2): the checks of viewFile (active, not
     * spent, the access grant before anything else is read), then the sender's plan must have
     * document_comments. Names the sender (signed in), or the recipient a recipient grant proved,
     * else the one whose link's `t` came along; anyone else is a visitor.
     */
    async reviewer(uniqueId: string, viewer: Viewer, grants: readonly string[], t: string | undefined) {
      const found = await byShareId(uniqueId)
      if (!found) throw notFound()
      assertActive(found)
      if (found.transfer.spentAt) throw limitReached()
      const isSender = viewer !== null && viewer.id === found.transfer.userId
      const verdict = await access.require(found.transfer, { isSender, grants }, found.recipients)
      requirePlanFeature(await plans.planForUser(found.transfer.userId), 'document_comments')
      const recipient = isSender
        ? undefined
        : verdict.recipientId
          ? found.recipients.find((r) => r.id === verdict.recipientId)
          : t
            ? found.recipients.find((r) => r.trackingId === t)
            : undefined
      return {
        transfer: found.transfer,
        files: found.files,
        senderName: found.senderName ?? 'A Ferry user',
        isSender,
        recipient: recipient ? { id: recipient.id, email: recipient.email } : null,
      }
    },

    /**
     * Who is in a data room (issue 19 item 3): the checks of viewFile, then a recipient grant
     * (the sender too needs one here: the room shows what a recipient sees, logged under a
     * recipient), the sender's plan flag, and the recipient not revoked (403 viewer_revoked).
     * Run on every page request, so a revocation or a removed recipient bites at the next page.
     */
    async roomViewer(uniqueId: string, grants: readonly string[]) {
      const found = await byShareId(uniqueId)
      if (!found) throw notFound()
      assertActive(found)
      if (found.transfer.spentAt) throw limitReached()
      if (!found.transfer.cleanDataRoom) throw notFound()
      const { recipientId } = await access.require(found.transfer, { isSender: false, grants }, found.recipients)
      const recipient = found.recipients.find((r) => r.id === recipientId)
      if (!recipient) throw new AppError('verification_required', 401)
      requireDataRoomPlan(await plans.planForUser(found.transfer.userId))
      if (recipient.roomRevokedAt) throw new AppError('viewer_revoked', 403)
      assertNotHeld(found.transfer, false)
      return { transfer: found.transfer, files: found.files, recipient }
    },

    /** The owner's data-room transfer (not deleted; expired too) for its log and revocations, with the plan flag. */
    async roomOwner(viewer: Viewer, id: string): Promise<TransferAggregate> {
      const found = await managed(viewer, id, false)
      requireDataRoomPlan(await plans.planForUser(found.transfer.userId))
      return found
    },

    /** The owner's transfer (not deleted; expired too) for its comments export, with document_comments. */
    async commentsOwner(viewer: Viewer, id: string): Promise<TransferAggregate> {
      const found = await managed(viewer, id, false)
      requirePlanFeature(await plans.planForUser(found.transfer.userId), 'document_comments')
      return found
    },

    /**
     * Before the first byte of a download that will deliver the last byte: takes a slot of a limited
     * transfer (410 when none is left). The tally counts it once the response completed (the transfer's
     * count and the recipient's per-file status, ending the transfer at its limit) or gives the slot back.
     */
    async beginDownload(plan: Pick<DownloadPlan, 'aggregate' | 'files' | 'recipientId'>) {
      return downloadLimit.begin({
        transfer: plan.aggregate.transfer,
        recipientId: plan.recipientId,
        fileIds: plan.files.map((f) => f.id),
      })
    },

    /** GET /api/transfers/{id}/download: where to send the sender (a file, or the ZIP of several). */
    async senderDownloadLocation(viewer: Viewer, id: string, query: { file_key?: string; as_zip: boolean }) {
      const found = await managed(viewer, id, true)
      assertActive(found)
      const zip = query.file_key === undefined && (query.as_zip || found.files.length > 1)
      const file = zip ? null : query.file_key ? pickFile(found, query.file_key) : found.files[0]!
      return senderLink(found, file, senderLinkSeconds)
    },

    /** GET /api/transfers/{id}/download-url: one link, or (as_zip) every file's link and the title. */
    async downloadUrls(
      viewer: Viewer,
      id: string,
      query: { file_key?: string; as_zip: boolean },
    ): Promise<DownloadUrlResponse> {
      const found = await managed(viewer, id, true)
      assertActive(found)
      if (query.file_key !== undefined) {
        return { download_url: await senderLink(found, pickFile(found, query.file_key), senderLinkSeconds) }
      }
      if (!query.as_zip) {
        const only = found.files.length === 1 ? found.files[0]! : null
        return { download_url: await senderLink(found, only, senderLinkSeconds) }
      }
      return {
        files: await Promise.all(
          found.files.map(async (f) => ({
            ...toTransferFile(f),
            download_url: await senderLink(found, f, clientZipLinkSeconds),
          })),
        ),
        transfer_title: found.transfer.title,
        zip_url: await senderLink(found, null, clientZipLinkSeconds),
      }
    },

    /** The rule of a confirmed recovery payment (see transfer-recovery.ts). */
    confirmRecovery: recovery.confirm,
  }
}

export type TransfersService = ReturnType<typeof createTransfersService>
