import type { Plan } from '@ferry/contracts/api/plans'
import { formatFileSize } from '@ferry/contracts/domain/file-size'
import { errorMessages } from '@ferry/contracts/errors'
import { AppError } from '../../errors.js'

/**
 * What one more upload may take (H-2: every byte is bounded before it is stored). Uploads not yet
 * claimed count with their full declared size, whether or not their bytes arrived: a user's own
 * against one transfer's worth and the month's remainder, a request link's against what the link
 * still accepts and the requester's per-transfer limit.
 */
export interface UploadAllowance {
  plan: Plan
  /** The plan's per-transfer limit (null: none). */
  perTransfer: number | null
  /** A user's own uploads: what the month still allows after what was sent (null: no cap). */
  monthRemaining: number | null
  /** The plan's monthly data cap (for the message). */
  monthlyCap: number | null
  /** A request link's: what it accepts beyond what it received (null: no limit). */
  linkRemaining: number | null
}

/** 413 when the file alone is over the plan's per-transfer limit (checked before anything is reserved). */
export function assertFileFits(allowance: UploadAllowance, fileSize: number): void {
  if (allowance.perTransfer !== null && fileSize > allowance.perTransfer) {
    throw fileTooLarge(allowance.plan, allowance.perTransfer)
  }
}

/** 403 (409 for a request link) when the file and what is reserved already would overrun an allowance. */
export function assertReservable(allowance: UploadAllowance, reserved: number, fileSize: number, forLink: boolean) {
  const total = reserved + fileSize
  if (forLink) {
    const limit = [allowance.perTransfer, allowance.linkRemaining].filter((n) => n !== null)
    if (limit.some((n) => total > n)) throw new AppError('request_pending_limit', 409)
    return
  }
  if (allowance.monthRemaining !== null && total > allowance.monthRemaining) {
    const size = formatFileSize(allowance.monthlyCap ?? 0)
    throw new AppError('transfer_monthly_data', 403, errorMessages.transfer_monthly_data.replace('{size}', size))
  }
  if (allowance.perTransfer !== null && total > allowance.perTransfer) {
    const size = formatFileSize(allowance.perTransfer)
    throw new AppError('upload_pending_limit', 403, errorMessages.upload_pending_limit.replace('{size}', size))
  }
}

/** 413 with the spec's wording (spec/transfers.md §5): FREE plans are offered the upgrade. */
export function fileTooLarge(plan: Plan, limitBytes: number): AppError {
  const code = plan.role === 'FREE' ? 'upload_too_large_free' : 'upload_too_large'
  return new AppError(code, 413, errorMessages[code].replace('{size}', formatFileSize(limitBytes)))
}
