import type { Transfer } from '@ferry/contracts/api/transfers'
import { formatFileSize } from '@ferry/contracts/domain/file-size'
import { transfersApi } from '@ferry/contracts/routes/transfers'
import { createApiClient } from './api.js'
import { resolveLogin } from './config.js'
import { CliError } from './errors.js'

/** The columns of `ferry ls`, padded to the widest cell; the title is cut at `titleWidth`. */
export function transferTable(transfers: readonly Transfer[], now: Date, titleWidth = 40): string {
  const rows = [
    ['ID', 'TITLE', 'SIZE', 'EXPIRES', 'DOWNLOADS'],
    ...transfers.map((t) => {
      const title = t.title || t.file_name
      return [
        t.id,
        title.length > titleWidth ? `${title.slice(0, titleWidth - 1)}…` : title,
        formatFileSize(t.file_size),
        t.status === 'active' ? expiryText(new Date(t.expires_at), now) : t.status,
        t.max_downloads === null ? String(t.download_count) : `${t.download_count}/${t.max_downloads}`,
      ]
    }),
  ]
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows
    .map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '))
    .join('\n')
}

/** '2026-11-30 14:05 UTC (in 4 days)'. */
export function expiryText(expires: Date, now: Date): string {
  const stamp = `${expires.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const hours = Math.round((expires.getTime() - now.getTime()) / 3_600_000)
  const left = hours >= 48 ? `in ${Math.round(hours / 24)} days` : hours >= 1 ? `in ${hours} h` : 'within the hour'
  return `${stamp} (${left})`
}

/** `ferry ls [--json] [--limit N]`: the newest transfers first (one page, 50 by default, at most 100). */
export async function listTransfers(flags: { server?: string; json?: boolean; limit?: string }): Promise<void> {
  const limit = flags.limit === undefined ? undefined : Number(flags.limit)
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100)) {
    throw new CliError('--limit must be a whole number from 1 to 100.', 2)
  }
  const api = createApiClient(await resolveLogin(flags))
  const page = await api.call(transfersApi.list, { query: { limit: limit === undefined ? undefined : String(limit) } })
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(page.items, null, 2)}\n`)
    return
  }
  if (page.items.length === 0) {
    process.stderr.write('No transfers yet.\n')
    return
  }
  process.stdout.write(`${transferTable(page.items, new Date())}\n`)
  if (page.total > page.items.length) process.stderr.write(`(${page.items.length} of ${page.total} shown)\n`)
}

/** `ferry rm <id>`: deletes a transfer (its files go, its link stops working). */
export async function removeTransfer(id: string | undefined, flags: { server?: string }): Promise<void> {
  if (!id) throw new CliError('Which transfer? ferry rm <id> (the ids are in ferry ls).', 2)
  const api = createApiClient(await resolveLogin(flags))
  const answer = await api.call(transfersApi.delete, { params: { id } })
  process.stderr.write(`${answer.message}\n`)
}
