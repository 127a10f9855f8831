import { formatFileSize } from '@ferry/contracts/domain/file-size'
import { type ErrorCode, errorText } from '@ferry/contracts/errors'
import { AppError } from '../../errors.js'
import type { RequestLinkRow } from './request-links.repository.js'

export const requestNotFound = () => new AppError('request_not_found', 404)

/**
 * Why a link takes no upload now, or null when it is open (spec/transfers.md §4: closed by its owner,
 * then completed, win over expired).
 */
export function closedReason(link: RequestLinkRow, now: Date): 'closed' | 'completed' | 'expired' | null {
  if (link.deactivatedAt !== null) return 'closed'
  if (link.completedAt !== null) return 'completed'
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : null
}

/** The link if it exists and takes uploads: 404 unknown, 409 closed or completed, 410 expired. */
export function assertOpen(link: RequestLinkRow | undefined, now: Date): RequestLinkRow {
  if (!link) throw requestNotFound()
  const reason = closedReason(link, now)
  if (reason === 'closed') throw new AppError('request_closed', 409)
  if (reason === 'completed') throw new AppError('request_completed', 409)
  if (reason === 'expired') throw new AppError('request_expired', 410)
  return link
}

const fill = (code: ErrorCode, values: Record<string, string | number>) => errorText(code, values)

export const tooManyFiles = (n: number) =>
  new AppError('request_too_many_files', 400, fill('request_too_many_files', { n }))

export const tooLarge = (bytes: number) =>
  new AppError('request_too_large', 413, fill('request_too_large', { size: formatFileSize(bytes) }))

export const typeNotAllowed = (name: string, allowed: readonly string[]) =>
  new AppError('request_type_not_allowed', 400, fill('request_type_not_allowed', { name, types: allowed.join(', ') }))

/** The smallest of the limits that apply (null = none). */
export function smallestLimit(...limits: (number | null)[]): number | null {
  const given = limits.filter((l): l is number => l !== null)
  return given.length === 0 ? null : Math.max(0, Math.min(...given))
}
