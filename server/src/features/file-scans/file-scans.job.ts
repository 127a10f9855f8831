import { z } from 'zod'
import { BlobNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import { FinalJobError, type JobHandler } from '../../jobs/job-worker.js'
import { type ClamdClient, ScannerUnavailableError } from './clamd-client.js'
import { infectedEmail, scannerDownEmail } from './file-scans.emails.js'
import { createFileScansRepository } from './file-scans.repository.js'
import type { FileScanQueue } from './file-scans.types.js'

export const fileScanKind = 'file-scan'

/**
 * Tries of a scan: the queue's back-off doubles from 30 s to an hour, so 60 tries wait out a
 * scanner down for about two and a half days (longer than most transfers live); the admin console
 * lists the job, and may retry it, after that.
 */
const scanAttempts = 60

/** At most one scanner-down alert per hour for the whole cluster (the shared limiter). */
const alertWindowMs = 60 * 60_000

const payloadSchema = z.object({ table: z.enum(['transfer', 'received']), fileId: z.uuid() })

export function createFileScanQueue(queue: Pick<JobQueue, 'enqueue'>): FileScanQueue {
  return {
    async enqueue(tx, table, fileIds, hold) {
      if (fileIds.length === 0) return false
      const repo = createFileScansRepository(tx)
      await repo.markPending(table, fileIds)
      if (hold) await repo.hold(hold.transferId, hold.notifyPending)
      for (const fileId of fileIds) {
        await queue.enqueue(
          fileScanKind,
          { table, fileId },
          { executor: tx, dedupeKey: `${fileScanKind}:${table}:${fileId}`, maxAttempts: scanAttempts },
        )
      }
      return true
    },
  }
}

export interface FileScanHandlerDeps
  extends Pick<Deps, 'blobs' | 'database' | 'logger' | 'mailer' | 'rateLimiter' | 'config'> {
  clamd: ClamdClient
  /** Sends a held transfer's recipients their first email (transfers' notifyHeld). */
  notifyRecipients(transferId: string): Promise<void>
}

/**
 * Streams a stored file to clamd once, right after it was recorded (docs/decisions/0039), on
 * whichever instance's worker takes the job. Infected: the transfer is frozen and its sender told
 * once. Past clamd's StreamMaxLength: 'not_scanned', never 'clean'. Scanner down: the job throws,
 * the queue retries it with back-off, the admins are alerted (once an hour), and the transfer waits.
 * When no file of the transfer waits any more its hold is lifted and the recipients are emailed.
 */
export function fileScanHandler(deps: FileScanHandlerDeps): JobHandler {
  const repo = createFileScansRepository(deps.database.db)

  async function alertAdmins(error: Error) {
    const slot = await deps.rateLimiter.hit('file-scan:scanner-down-alert', 1, alertWindowMs)
    if (!slot.allowed) return
    const link = `${deps.config.publicUrl}/admin`
    for (const admin of await repo.admins()) {
      await deps.mailer
        .send(scannerDownEmail({ to: admin.email, error: error.message, link }, admin.language))
        .catch((err) => deps.logger.error({ err }, 'Could not email an admin that the virus scanner is down'))
    }
  }

  async function tellSender(transferId: string, file: string, signature: string) {
    const sender = await repo.senderOf(transferId)
    if (!sender) return
    const mail = infectedEmail(
      {
        to: sender.email,
        title: sender.title,
        sentAt: sender.createdAt,
        file,
        signature,
        link: `${deps.config.publicUrl}/transfers/${transferId}`,
      },
      sender.language,
    )
    await deps.mailer
      .send(mail)
      .catch((err) => deps.logger.error({ err, transferId }, 'Could not tell a sender of an infected file'))
  }

  async function settle(transferId: string) {
    const released = await repo.release(transferId)
    // A crash after the release and before the email: the retry finds it released, the flag still set.
    const notify = released ? released.notify : await repo.takeNotify(transferId)
    if (notify) await deps.notifyRecipients(transferId)
  }

  return {
    kind: fileScanKind,
    async run(job) {
      const parsed = payloadSchema.safeParse(job.payload)
      if (!parsed.success) throw new FinalJobError('Malformed file-scan payload')
      const { table, fileId } = parsed.data
      const file = await repo.liveFile(table, fileId)
      if (!file) return
      const isTransfer = table === 'transfer'
      if (file.scanStatus === 'pending') {
        let verdict: Awaited<ReturnType<ClamdClient['scan']>>
        try {
          verdict = await deps.clamd.scan(await deps.blobs.read(file.fileKey))
        } catch (error) {
          if (error instanceof BlobNotFoundError) {
            // Nothing left to download or to scan: not called clean, and the transfer is not held for it.
            await repo.saveVerdict(table, fileId, 'not_scanned', null)
            if (isTransfer) await settle(file.parentId)
            throw new FinalJobError(`File ${fileId} has no bytes in the store`)
          }
          if (error instanceof ScannerUnavailableError) {
            deps.logger.error({ err: error, fileId }, 'The virus scanner is down; the file waits for it')
            await alertAdmins(error)
          }
          throw error
        }
        if (verdict.kind === 'infected') {
          await repo.saveVerdict(table, fileId, 'infected', verdict.signature)
          deps.logger.warn({ fileId, signature: verdict.signature }, 'An infected file was stored')
          if (isTransfer && (await repo.freeze(file.parentId))) {
            await tellSender(file.parentId, file.fileName, verdict.signature)
          }
        } else {
          await repo.saveVerdict(table, fileId, verdict.kind === 'clean' ? 'clean' : 'not_scanned', null)
        }
      }
      // Also when a retry finds the verdict saved: a crash between it and the release must not hold the transfer.
      if (isTransfer) await settle(file.parentId)
    },
  }
}
