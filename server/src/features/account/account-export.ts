import { Readable } from 'node:stream'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { uniqueEntryNames } from '../../http/download/zip-names.js'
import type { ZipEntry } from '../../http/download/zip-writer.js'
import type { TransfersService } from '../transfers/transfers.service.js'
import { createAccountRepository } from './account.repository.js'

type ExportDeps = Pick<Deps, 'clock' | 'database' | 'blobs'>

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null)

/**
 * "Download my data" (product.md §23, GDPR art. 15 and 20): the account and every record it
 * owns as JSON, and a ZIP of that JSON with the files of its active transfers. Secrets are left
 * out (password hash, token hashes, tracking ids): they are not the person's data but keys to it.
 */
export function createAccountExport(deps: ExportDeps, transferRecords: Pick<TransfersService, 'allOwnedRecords'>) {
  const { clock, database } = deps

  async function data(userId: string) {
    const repo = createAccountRepository(database.db)
    const user = await repo.findById(userId)
    if (!user) throw new AppError('unauthorized', 401)
    const now = clock.now()
    const [transfers, links, subscriptions, payments, referrals, rooms, directTransfers, keys, hooks] =
      await Promise.all([
        transferRecords.allOwnedRecords(userId),
        repo.requestLinksOf(userId),
        repo.subscriptionsOf(userId),
        repo.paymentsOf(userId),
        repo.referralsOf(userId),
        repo.roomsOf(userId),
        repo.directTransfersOf(userId),
        repo.apiKeysOf(userId),
        repo.webhookEndpointsOf(userId),
      ])
    const json = {
      exported_at: now.toISOString(),
      account: {
        id: user.id,
        name: user.name,
        email: user.email,
        email_confirmed_at: iso(user.emailConfirmedAt),
        role: user.role,
        language: user.language,
        picture: user.picture,
        signs_in_with_google: user.googleSub !== null,
        created_at: iso(user.createdAt),
      },
      transfers: transfers.map(({ transfer, files, recipients }) => ({
        id: transfer.id,
        title: transfer.title,
        message: transfer.message,
        total_size: transfer.totalSize,
        download_count: transfer.downloadCount,
        created_at: iso(transfer.createdAt),
        expires_at: iso(transfer.expiresAt),
        files_stored: transfer.filesDeletedAt === null && transfer.purgeAfter.getTime() > now.getTime(),
        files: files.map((f) => ({ name: f.fileName, size: f.fileSize, content_type: f.contentType })),
        recipients: recipients.map((r) => ({ email: r.email, first_opened_at: iso(r.firstAccessedAt) })),
      })),
      request_links: links.map(({ link, uploads }) => ({
        id: link.id,
        created_at: iso(link.createdAt),
        expires_at: iso(link.expiresAt),
        completed_at: iso(link.completedAt),
        max_files: link.maxFiles,
        max_total_bytes: link.maxTotalBytes,
        allowed_types: link.allowedTypes,
        require_sender: link.requireSender,
        uploads: uploads.map(({ group, files }) => ({
          received_at: iso(group.createdAt),
          sender_name: group.senderName,
          sender_email: group.senderEmail,
          kept_until: iso(group.purgeAfter),
          files: files.map((f) => ({ name: f.fileName, size: f.fileSize, content_type: f.contentType })),
        })),
      })),
      subscriptions: subscriptions.map((s) => ({
        plan: s.planId,
        status: s.status,
        provider: s.provider,
        interval: s.interval,
        amount_cents: s.amountCents,
        start_date: iso(s.startDate),
        end_date: iso(s.endDate),
        trial_end: iso(s.trialEnd),
        created_at: iso(s.createdAt),
      })),
      payments: payments.map((p) => ({
        provider: p.provider,
        reference: p.reference,
        amount_cents: p.amountCents,
        paid_at: iso(p.paidAt),
      })),
      referral_codes: referrals.map((r) => ({
        code: r.inviteCode,
        used: r.invitedUserId !== null,
        payout_amount_cents: r.payoutAmountCents,
        payout_status: r.payoutStatus,
        created_at: iso(r.createdAt),
      })),
      rooms: rooms.map((r) => ({ name: r.name, created_at: iso(r.createdAt), expires_at: iso(r.expiresAt) })),
      api_keys: keys.map((k) => ({
        name: k.name,
        prefix: k.prefix,
        scopes: k.scopes,
        created_at: iso(k.createdAt),
        last_used_at: iso(k.lastUsedAt),
        last_used_ip: k.lastUsedIp,
      })),
      webhook_endpoints: hooks.map((h) => ({
        url: h.url,
        description: h.description,
        events: h.events,
        enabled: h.enabled,
        created_at: iso(h.createdAt),
      })),
      direct_transfers: directTransfers.map((d) => ({
        direction: d.senderUserId === userId ? 'sent' : 'received',
        sender_name: d.senderName,
        recipient_name: d.recipientName,
        file_name: d.fileName,
        file_size: d.fileSize,
        status: d.status,
        created_at: iso(d.createdAt),
      })),
    }
    return { json, transfers, now }
  }

  return {
    /** The account and its records. */
    async json(userId: string) {
      return (await data(userId)).json
    },

    /**
     * account.json plus, under transfers/, the files of every transfer still active (not expired,
     * files still stored), one folder per transfer: entries for the streaming ZIP writer, each
     * file opened only when the archive reaches it.
     */
    async zipEntries(userId: string): Promise<{ entries: ZipEntry[]; date: Date }> {
      const { json, transfers, now } = await data(userId)
      const accountJson = Buffer.from(`${JSON.stringify(json, null, 2)}\n`)
      const active = transfers.filter(
        ({ transfer }) => transfer.filesDeletedAt === null && transfer.expiresAt.getTime() > now.getTime(),
      )
      const files = active.flatMap(({ transfer, files }) => {
        const folder = `${transfer.createdAt.toISOString().slice(0, 10)} ${transfer.title.trim() || transfer.id.slice(0, 8)}`
        // A folder name may not hold a slash of its own: the file's path inside the transfer keeps its folders.
        return files.map((f) => ({ path: `transfers/${folder.replaceAll('/', '_')}/${f.fileName}`, file: f }))
      })
      const names = uniqueEntryNames(['account.json', ...files.map((f) => f.path)])
      const entries: ZipEntry[] = [
        { name: names[0]!, size: accountJson.length, open: async () => Readable.from([accountJson]) },
        ...files.map(({ file }, i) => ({
          name: names[i + 1]!,
          size: file.fileSize,
          open: () => deps.blobs.read(file.fileKey),
        })),
      ]
      return { entries, date: now }
    },
  }
}

export type AccountExport = ReturnType<typeof createAccountExport>
