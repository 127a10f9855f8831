import { randomInt } from 'node:crypto'
import { referralTrialDays } from '@ferry/contracts/api/billing'
import type { Page, PageRequest } from '@ferry/contracts/api/pagination'
import type {
  AdminReferral,
  CreateReferralRequest,
  PayoutStatus,
  RedeemReferralResponse,
  Referral,
  ReferralInvitation,
} from '@ferry/contracts/api/referrals'
import { isAdmin } from '@ferry/contracts/api/users'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import { assertUnderOpenCap } from '../open-caps.js'
import type { PlansService } from '../plans/plans.service.js'
import type { UserRecord } from '../users/users.service.js'
import { claimReferral, normaliseCode, usableReferral } from './referral-rewards.service.js'
import { createReferralsRepository, type ReferralRow } from './referrals.repository.js'
import { toAdminReferral, toReferral } from './referrals-mapping.js'

/** Code alphabet without look-alikes (0/O, 1/I/L). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const codeLength = 10
const newCode = () => Array.from({ length: codeLength }, () => alphabet[randomInt(alphabet.length)]).join('')

/** The payout moves an admin may make: from which statuses, to which. */
const adminMoves = {
  approve: { from: ['PENDING'], to: 'APPROVED' },
  markPaid: { from: ['APPROVED'], to: 'PAID' },
  cancel: { from: ['PENDING', 'APPROVED'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly PayoutStatus[]; to: PayoutStatus }>

export type PayoutMove = keyof typeof adminMoves

/** Referral codes, redemption and payouts (spec/accounts.md §3, §4, §6, §7). */
export function createReferralsService(
  deps: Pick<Deps, 'clock' | 'database' | 'rateLimiter' | 'config' | 'logger'>,
  plans: PlansService,
) {
  const { clock, database } = deps
  const repo = createReferralsRepository(database.db)

  /**
   * The public invitation lookup is limited per client address, before any code is read, with the
   * sign-in limits (AUTH_RATE_LIMIT_PER_IP per AUTH_RATE_LIMIT_WINDOW_SECONDS) in a count of its own,
   * kept by the shared limiter (Redis with REDIS_URL, so every instance counts together). A store
   * failure lets the lookup through: it reveals only a name.
   */
  async function limitLookups(clientIp: string): Promise<void> {
    const { perIp, windowMs } = deps.config.authRateLimit
    try {
      const result = await deps.rateLimiter.hit(`referral-invitation:ip:${clientIp}`, perIp, windowMs)
      if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
    } catch (error) {
      if (error instanceof RateLimitedError) throw error
      deps.logger.warn({ err: error }, 'Rate limiter unavailable; invitation lookup allowed')
    }
  }

  async function adminView(row: ReferralRow): Promise<AdminReferral> {
    const emails = await repo.emailsOf(row.id)
    return toAdminReferral(row, emails?.inviterEmail ?? '', emails?.invitedEmail ?? null)
  }

  return {
    /** A new code for the caller, whose plan must allow payouts (Pro, Business, Enterprise). */
    async create(caller: UserRecord, input: CreateReferralRequest): Promise<Referral> {
      if (input.inviter_user_id !== caller.id) throw new AppError('referral_other_user', 403)
      const plan = await plans.planForUser(caller.id)
      if (!plan.allows_payouts) throw new AppError('referral_payouts_not_allowed', 403)
      const row = await database.db.transaction(async (tx) => {
        const now = clock.now()
        await assertUnderOpenCap(tx, 'referralCodes', caller.id, now)
        for (let attempt = 0; attempt < 5; attempt++) {
          const inserted = await createReferralsRepository(tx).insert(caller.id, newCode(), now)
          if (inserted) return inserted
        }
        return undefined
      })
      if (row) return toReferral(row)
      throw new AppError('internal', 500, 'Could not draw a free referral code. Please try again.')
    },

    /**
     * What a referral link's visitor is told before signing up: who invites them (name only) and
     * the trial. An unknown code is 404 and a used one 409, so the page can say so instead.
     * Limited per client address first (429 with Retry-After).
     */
    async invitation(code: string, clientIp: string): Promise<ReferralInvitation> {
      await limitLookups(clientIp)
      const found = await repo.findInvitation(normaliseCode(code))
      if (!found) throw new AppError('referral_code_invalid', 404)
      if (found.referral.invitedUserId) throw new AppError('referral_code_used', 409)
      return {
        referral_code: found.referral.inviteCode,
        inviter_name: found.inviterName,
        trial_days: referralTrialDays,
      }
    },

    /** Marks the code used by the caller (trimmed; spec/accounts.md §5): their next checkout gets the 30-day trial. */
    async redeem(
      caller: UserRecord,
      input: { referral_code: string; user_id: string },
    ): Promise<RedeemReferralResponse> {
      if (input.user_id !== caller.id) throw new AppError('referral_other_user', 403)
      const code = normaliseCode(input.referral_code)
      if (!code) throw new AppError('referral_code_required', 400)
      await usableReferral(database.db, code, caller.id)
      const claimed = await database.db.transaction((tx) => claimReferral(tx, code, caller.id, clock.now()))
      if (!claimed) throw new AppError('referral_code_used', 409)
      return { referral_code: claimed.inviteCode, trial_days: referralTrialDays }
    },

    /** The referrals a user created: that user or an admin only. */
    async listOf(caller: UserRecord, userId: string, request: PageRequest): Promise<Page<Referral>> {
      if (userId !== caller.id && !isAdmin(caller.role)) throw new AppError('referral_other_user', 403)
      const page = await repo.listByInviter(userId, request)
      return { ...page, items: page.items.map(toReferral) }
    },

    async listPayouts(status: PayoutStatus | undefined, request: PageRequest): Promise<Page<AdminReferral>> {
      const page = await repo.listPayouts(status, request)
      return {
        ...page,
        items: page.items.map((r) => toAdminReferral(r.referral, r.inviterEmail, r.invitedEmail ?? null)),
      }
    },

    /** An admin's payout move: approve (PENDING), mark paid (APPROVED), cancel (PENDING or APPROVED). */
    async movePayout(id: string, move: PayoutMove): Promise<AdminReferral> {
      const { from, to } = adminMoves[move]
      const row = await database.db.transaction(async (tx) => {
        const txRepo = createReferralsRepository(tx)
        const found = /^[0-9a-f-]{36}$/i.test(id) ? await txRepo.findById(id, { lock: true }) : undefined
        if (!found) throw new AppError('referral_not_found', 404)
        if (!found.payoutStatus || !(from as readonly string[]).includes(found.payoutStatus)) {
          const status = found.payoutStatus ?? 'no payout'
          throw new AppError('payout_transition_invalid', 409, `This payout cannot change from ${status}.`)
        }
        return txRepo.update(found.id, { payoutStatus: to, payoutUpdatedAt: clock.now() })
      })
      return adminView(row)
    },
  }
}

export type ReferralsService = ReturnType<typeof createReferralsService>
