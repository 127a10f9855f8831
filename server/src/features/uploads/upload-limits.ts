import type { Plan } from '@ferry/contracts/api/plans'
import { formatFileSize } from '@ferry/contracts/domain/file-size'
import { errorMessages } from '@ferry/contracts/errors'
import { AppError } from '../../errors.js'
import type { PlansService } from '../plans/plans.service.js'

/** S3's largest part; a part URL never allows more. */
export const maxPartBytes = 5 * 1024 ** 3

/** What a signed URL may accept when nothing bounds it (the local driver needs a number). */
const unbounded = Number.MAX_SAFE_INTEGER

/** The caller's plan and its size limit (null = unlimited). */
export async function uploadLimitFor(plans: Pick<PlansService, 'planForUser' | 'limitsFor'>, userId: string | null) {
  const plan = await plans.planForUser(userId)
  return { plan, limit: plans.limitsFor(plan).maxTransferBytes }
}

/** 413 with the spec's wording (spec/transfers.md §5): FREE plans are offered the upgrade. */
export function fileTooLarge(plan: Plan, limitBytes: number): AppError {
  const code = plan.role === 'FREE' ? 'upload_too_large_free' : 'upload_too_large'
  return new AppError(code, 413, errorMessages[code].replace('{size}', formatFileSize(limitBytes)))
}

/** The most bytes a single PUT may carry. */
export const putMaxBytes = (maxBytes: number | null) => maxBytes ?? unbounded

/** The most bytes one part may carry: never more than the whole file, nor than S3 allows. */
export const partMaxBytes = (maxBytes: number | null) => Math.min(maxBytes ?? unbounded, maxPartBytes)
