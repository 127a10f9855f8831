import { randomBytes } from 'node:crypto'
import type { Branding } from '@ferry/contracts/api/branding'
import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import type {
  ReceivedGroup,
  RequestCreateInput,
  RequestCreateResponse,
  RequestInfo,
  RequestListItem,
  RequestUpdateInput,
  RequestUploadInput,
  RequestUploadResponse,
} from '@ferry/contracts/api/request-links'
import { typeAllowed } from '@ferry/contracts/api/request-links'
import { recipientEmailPattern } from '@ferry/contracts/api/transfers'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { assertEmailConfirmed } from '../auth/email-confirmation.service.js'
import type { FileDigestQueue } from '../file-digests/file-digests.types.js'
import type { FileScanQueue } from '../file-scans/file-scans.types.js'
import { assertUnderOpenCap } from '../open-caps.js'
import type { PlansService } from '../plans/plans.service.js'
import type { UploadClaims } from '../uploads/uploads.service.js'
import type { UserRecord, UsersService } from '../users/users.service.js'
import type { WebhookEvents } from '../webhooks/webhook-outbox.service.js'
import { admitRequestUpload } from './request-link-admission.js'
import {
  assertOpen,
  closedReason,
  requestNotFound,
  smallestLimit,
  tooLarge,
  tooManyFiles,
  typeNotAllowed,
} from './request-link-rules.js'
import { filesReceivedEmail } from './request-links.emails.js'
import { guardrailsOf, senderInfoOf, toListItem, toReceivedGroup, uploadUrlOf } from './request-links.mapping.js'
import {
  createRequestLinksRepository,
  type ReceivedFileRow,
  type ReceivedGroupWithFiles,
  type RequestLinkRow,
} from './request-links.repository.js'

/** 192 random bits: request ids are capabilities and cannot be guessed or enumerated. */
export const newRequestId = () => randomBytes(24).toString('base64url')

const dayMs = 24 * 60 * 60 * 1000
const hourMs = 60 * 60 * 1000

type ServiceDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'blobs' | 'mailer' | 'logger' | 'rateLimiter'>

/** What a download of received files sends: one file, or a group's files as a ZIP. */
export interface ReceivedDownload {
  files: ReceivedFileRow[]
  zip: boolean
  createdAt: Date
  /** The ZIP's name (without .zip). */
  title: string
}

/** The info of GET /api/file-request/{id}, or the date an expired link expired (410). */
export type InfoResult = { expired: false; info: RequestInfo } | { expired: true; expiresAt: string }

/** Upload-request links (spec/transfers.md §2, §7): create, info, upload, complete, lists and downloads. */
/** What the upload page of a requester's link is branded with (the branding feature provides it). */
export interface RequestBranding {
  forSender(requesterId: string, seed: string): Promise<Branding>
}

/** Where a requester's links point: their organization's verified custom domain (the custom-domains feature). */
export interface RequestLinkOrigins {
  linkOrigin(userId: string): Promise<string>
}

export function createRequestLinksService(
  deps: ServiceDeps,
  {
    plans,
    users,
    uploads,
    webhookEvents,
    branding,
    fileDigests,
    links,
    fileScans,
  }: {
    plans: PlansService
    users: UsersService
    uploads: UploadClaims
    webhookEvents?: WebhookEvents
    /** The requester's organization's stylesheet and background on the upload page (issue 22 items 3, 4). */
    branding?: RequestBranding
    /** Queues the SHA-256 and CRC-32 of received files (issue 24). */
    fileDigests?: FileDigestQueue
    /** The origin of the requester's upload links (issue 22 item 2); Ferry's own address without it. */
    links?: RequestLinkOrigins
    /** The virus scan of received files when CLAMAV_URL is set (issue 24 item 7). */
    fileScans?: FileScanQueue
  },
) {
  const { clock, database } = deps
  const originOf = (userId: string) => links?.linkOrigin(userId) ?? Promise.resolve(deps.config.publicUrl)
  const repo = createRequestLinksRepository(database.db)

  function assertSender(link: RequestLinkRow, input: RequestUploadInput) {
    if (link.requireSender === 'name' && !input.sender_name) throw new AppError('request_sender_name_required', 400)
    if (link.requireSender === 'email' && !input.sender_email) throw new AppError('request_sender_email_required', 400)
    if (input.sender_email && !recipientEmailPattern.test(input.sender_email)) {
      throw new AppError('request_sender_email_invalid', 400, `Invalid email: ${input.sender_email}`)
    }
  }

  async function notify(link: RequestLinkRow, created: ReceivedGroupWithFiles) {
    try {
      const requester = await users.getById(link.userId)
      if (!requester) return
      await deps.mailer.send(
        filesReceivedEmail(
          {
            to: requester.email,
            link: `${deps.config.publicUrl}/?tab=request&view=received`,
            senderInfo: created.group.senderInfo,
            files: created.files.map((f) => ({ name: f.fileName, size: f.fileSize })),
            totalSize: created.files.reduce((sum, f) => sum + f.fileSize, 0),
            keptUntil: created.group.purgeAfter,
          },
          requester.language,
        ),
      )
    } catch (error) {
      deps.logger.error({ err: error, requestId: link.id }, 'Could not email the requester; the upload stands')
    }
  }

  /**
   * The requester's bytes pass the virus scan as a transfer's do (docs/decisions/0039): 403
   * received_file_infected once clamd found something (the ZIP too, if any of its files), 409
   * received_file_being_scanned while a file waits for clamd. Nobody else can read them anyway.
   */
  function assertScanned(files: readonly ReceivedFileRow[]) {
    if (files.some((f) => f.scanStatus === 'infected')) throw new AppError('received_file_infected', 403)
    if (files.some((f) => f.scanStatus === 'pending')) throw new AppError('received_file_being_scanned', 409)
  }

  async function ownedGroup(user: UserRecord, groupId: string) {
    const found = await repo.findGroup(groupId)
    if (!found || found.ownerId !== user.id) throw new AppError('received_file_not_found', 404)
    if (found.group.filesDeletedAt !== null) throw new AppError('received_files_gone', 410)
    return found
  }

  return {
    /** For uploads (RequestUploads): may the link take a file of this size? See request-link-admission.ts. */
    admitUpload(requestId: string, fileSize: number) {
      return admitRequestUpload(deps, requestId, fileSize)
    },

    /** POST /file-request/create: a visitor is told to log in (spec/transfers.md §5). */
    async create(user: UserRecord | null, input: RequestCreateInput): Promise<RequestCreateResponse> {
      if (!user) throw new AppError('request_login_required', 401)
      // Request links email their owner and invite uploads in their name (security review M-2).
      assertEmailConfirmed(user)
      const now = clock.now()
      const link = await database.db.transaction(async (tx) => {
        await assertUnderOpenCap(tx, 'requestLinks', user.id, now)
        return createRequestLinksRepository(tx).insert({
          id: newRequestId(),
          userId: user.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + input.expires_in_days * dayMs),
          maxFiles: input.max_files,
          maxTotalBytes: input.max_total_bytes,
          allowedTypes: input.allowed_types,
          requireSender: input.require_sender,
          name: input.name,
          message: input.message,
          singleUpload: input.single_upload,
        })
      })
      return {
        request_id: link.id,
        expires_at: link.expiresAt.toISOString(),
        upload_url: uploadUrlOf(await originOf(user.id), link.id),
      }
    },

    /** GET /api/file-request/{id}: 404 unknown; expired (not completed) links answer 410 with their date. */
    async info(requestId: string): Promise<InfoResult> {
      const link = await repo.find(requestId)
      if (!link) throw requestNotFound()
      if (closedReason(link, clock.now()) === 'expired')
        return { expired: true, expiresAt: link.expiresAt.toISOString() }
      const [received, plan, owner, brand] = await Promise.all([
        repo.received(link.id),
        plans.planForUser(link.userId),
        users.getById(link.userId),
        branding ? branding.forSender(link.userId, link.id) : null,
      ])
      const remaining = link.maxTotalBytes === null ? null : link.maxTotalBytes - received.bytes
      return {
        expired: false,
        info: {
          request_id: link.id,
          completed: link.completedAt !== null,
          expires_at: link.expiresAt.toISOString(),
          ...guardrailsOf(link),
          owner_name: owner?.name ?? '',
          files_received: received.files,
          bytes_received: received.bytes,
          max_upload_bytes: smallestLimit(plans.limitsFor(plan).maxTransferBytes, remaining),
          branding: brand,
        },
      }
    },

    /**
     * POST /api/file-request/{id}/upload: claims the keys uploaded for this link, checks the
     * guardrails (over everything the link received) and the requester's plan size limit (this
     * upload's real total), and stores the group, all in one transaction: a refusal stores nothing
     * and leaves the keys unclaimed. Then the requester is emailed; a failed email is logged.
     */
    async upload(requestId: string, input: RequestUploadInput): Promise<RequestUploadResponse> {
      const first = assertOpen(await repo.find(requestId), clock.now())
      if (input.files.length === 0) throw new AppError('request_no_files', 400)
      assertSender(first, input)
      // Read before the transaction: PGlite runs one at a time, and the plan is read outside it.
      const plan = await plans.planForUser(first.userId)
      const { maxTransferBytes, maxExpiryHours } = plans.limitsFor(plan)

      const { link, created } = await database.db.transaction(async (tx) => {
        const txRepo = createRequestLinksRepository(tx)
        const now = clock.now()
        const link = assertOpen(await txRepo.lock(requestId), now)
        const claimed = await uploads.claimUploads(
          tx,
          { requestId: link.id },
          input.files.map((f) => f.file_key),
        )
        for (const file of claimed) {
          if (!typeAllowed(link.allowedTypes, file.fileName, file.contentType)) {
            throw typeNotAllowed(file.fileName, link.allowedTypes)
          }
        }
        const total = claimed.reduce((sum, f) => sum + f.size, 0)
        const received = await txRepo.received(link.id)
        if (link.maxFiles !== null && received.files + claimed.length > link.maxFiles) throw tooManyFiles(link.maxFiles)
        if (link.maxTotalBytes !== null && received.bytes + total > link.maxTotalBytes) {
          throw tooLarge(link.maxTotalBytes)
        }
        if (maxTransferBytes !== null && total > maxTransferBytes) throw tooLarge(maxTransferBytes)
        const created = await txRepo.insertGroup(
          {
            requestId: link.id,
            createdAt: now,
            senderInfo: senderInfoOf(input.sender_name, input.sender_email),
            senderName: input.sender_name,
            senderEmail: input.sender_email,
            purgeAfter: maxExpiryHours === null ? null : new Date(now.getTime() + maxExpiryHours * hourMs),
          },
          claimed.map((f, position) => ({
            fileKey: f.key,
            fileName: f.fileName,
            fileSize: f.size,
            contentType: f.contentType,
            position,
          })),
        )
        await fileDigests?.enqueue(
          tx,
          'received',
          created.files.map((f) => f.id),
        )
        await fileScans?.enqueue(
          tx,
          'received',
          created.files.map((f) => f.id),
        )
        // A single-upload link closes with its upload; a shared one stays open for everyone else.
        if (link.singleUpload) await txRepo.complete(link.id, now)
        // The requester's webhook event, written with the files (the outbox, issue 20 item 5).
        await webhookEvents?.emit(tx, link.userId, 'request.uploaded', {
          request_id: link.id,
          request_name: link.name,
          sender_name: input.sender_name ?? null,
          sender_email: input.sender_email ?? null,
          files: claimed.map((f) => ({ name: f.fileName, size: f.size })),
          total_size: total,
          uploaded_at: now.toISOString(),
        })
        return { link, created }
      })

      await notify(link, created)
      return {
        message: 'Files uploaded successfully',
        group: toReceivedGroup({ ...created, requestName: link.name }),
      }
    },

    /**
     * POST /api/file-request/{id}/complete: a visitor says they are done. Only a single-upload link
     * closes (its upload closed it already); a shared link stays open, so one visitor cannot close it
     * for everyone else (issue 17). 410 when expired.
     */
    async complete(requestId: string): Promise<{ completed: boolean }> {
      const link = await repo.find(requestId)
      if (!link) throw requestNotFound()
      if (link.completedAt !== null) return { completed: true }
      if (closedReason(link, clock.now()) === 'expired') throw new AppError('request_expired', 410)
      if (!link.singleUpload) return { completed: false }
      await repo.complete(link.id, clock.now())
      return { completed: true }
    },

    /**
     * PATCH /api/file-requests/{id}: the owner edits a link. `active: false` closes it at once for
     * everyone; `active: true` opens it again (a closed or completed link), which needs an expiry in
     * the future (given here or already set). 404 for a link that is not theirs.
     */
    async update(user: UserRecord, requestId: string, input: RequestUpdateInput): Promise<RequestListItem> {
      const now = clock.now()
      const link = await database.db.transaction(async (tx) => {
        const txRepo = createRequestLinksRepository(tx)
        const current = await txRepo.lock(requestId)
        if (!current || current.userId !== user.id) throw requestNotFound()
        const expiresAt =
          input.expires_in_days === undefined
            ? current.expiresAt
            : new Date(now.getTime() + input.expires_in_days * dayMs)
        const values: Partial<RequestLinkRow> = {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.message !== undefined && { message: input.message }),
          ...(input.max_files !== undefined && { maxFiles: input.max_files }),
          ...(input.max_total_bytes !== undefined && { maxTotalBytes: input.max_total_bytes }),
          ...(input.allowed_types !== undefined && { allowedTypes: input.allowed_types }),
          ...(input.require_sender !== undefined && { requireSender: input.require_sender }),
          ...(input.single_upload !== undefined && { singleUpload: input.single_upload }),
          expiresAt,
        }
        if (input.active === false && current.deactivatedAt === null) {
          values.deactivatedAt = now
          values.completedAt = current.completedAt ?? now
        }
        if (input.active === true) {
          if (expiresAt.getTime() <= now.getTime()) throw new AppError('request_reopen_expired', 409)
          // Opening a link again counts against the open-links cap like creating one.
          if (current.completedAt !== null) await assertUnderOpenCap(tx, 'requestLinks', user.id, now)
          values.deactivatedAt = null
          values.completedAt = null
        }
        const updated = await txRepo.update(requestId, user.id, values)
        if (!updated) throw requestNotFound()
        return updated
      })
      const received = await repo.received(link.id)
      return toListItem({ ...link, uploadsCount: received.files }, await originOf(user.id))
    },

    /**
     * DELETE /api/file-requests/{id}: the owner deletes a link and everything received on it (rows
     * first, in one statement; then the stored files, a failure of which is logged, as admin user
     * deletion does). 404 for a link that is not theirs.
     */
    async remove(user: UserRecord, requestId: string): Promise<void> {
      const link = await repo.find(requestId)
      if (!link || link.userId !== user.id) throw requestNotFound()
      const keys = await repo.liveFileKeysOfLink(link.id)
      if (!(await repo.delete(link.id, user.id))) throw requestNotFound()
      for (const key of keys) {
        await deps.blobs.delete(key).catch((error: unknown) => {
          deps.logger.warn({ err: error, requestId: link.id }, 'Could not delete a received file of a deleted link')
        })
      }
    },

    /** GET /file-requests: the requester's own links, newest first. */
    async listOwn(user: UserRecord, request: PageRequest): Promise<Page<RequestListItem>> {
      const page = await repo.listOwn(user.id, request)
      const origin = await originOf(user.id)
      return { ...page, items: page.items.map((item) => toListItem(item, origin)) }
    },

    /** GET /received-files: the groups received on the requester's links, newest first. */
    async listReceived(user: UserRecord, request: PageRequest): Promise<Page<ReceivedGroup>> {
      const page = await repo.listReceived(user.id, request)
      return { ...page, items: page.items.map(toReceivedGroup) }
    },

    /** One received file, for its requester only (404 to anyone else, 410 once purged). */
    async fileDownload(user: UserRecord, fileId: string): Promise<ReceivedDownload> {
      const found = await repo.findFile(fileId)
      if (!found || found.ownerId !== user.id) throw new AppError('received_file_not_found', 404)
      if (found.group.filesDeletedAt !== null) throw new AppError('received_files_gone', 410)
      assertScanned([found.file])
      return { files: [found.file], zip: false, createdAt: found.group.createdAt, title: found.file.fileName }
    },

    /** A received group as one ZIP, for its requester only. */
    async groupDownload(user: UserRecord, groupId: string): Promise<ReceivedDownload> {
      const { group, files } = await ownedGroup(user, groupId)
      assertScanned(files)
      const stamp = group.createdAt.toISOString().slice(0, 10)
      return { files, zip: true, createdAt: group.createdAt, title: `received-files-${stamp}` }
    },
  }
}

export type RequestLinksService = ReturnType<typeof createRequestLinksService>
