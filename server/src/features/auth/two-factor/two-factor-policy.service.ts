import type {
  TwoFactorPolicyRequest,
  TwoFactorPolicyResponse,
  TwoFactorRequirementResponse,
} from '@ferry/contracts/api/two-factor-policy'
import type { Deps } from '../../../deps.js'
import type { UserRecord } from '../../users/users.types.js'
import { createTwoFactorPolicyRepository, type TwoFactorPolicyRow } from './two-factor-policy.repository.js'

type PolicyDeps = Pick<Deps, 'database' | 'clock' | 'logger'>

const dayMs = 24 * 3600_000
/** The grace period an install starts with, before an admin chose one. */
export const defaultGraceDays = 14

interface Policy {
  required: boolean
  graceDays: number
  requiredSince: Date | null
}

const off: Policy = { required: false, graceDays: defaultGraceDays, requiredSince: null }
const policyOf = (row: TwoFactorPolicyRow | undefined): Policy => (row ? row : off)

/**
 * When `user`'s grace period ends under `policy` (docs/decisions/0039): `grace_days` after the
 * requirement was switched on, or after the account was created if that is later, so an account
 * made while it is on gets the whole period too. Undefined while nothing is required.
 */
export function graceDeadline(policy: Policy, user: Pick<UserRecord, 'createdAt'>): Date | undefined {
  if (!policy.required || !policy.requiredSince) return undefined
  const from = Math.max(policy.requiredSince.getTime(), user.createdAt.getTime())
  return new Date(from + policy.graceDays * dayMs)
}

/** Whole days left until `deadline`, rounded up: "within 3 days" until the last moment of the third. */
export const daysLeft = (deadline: Date, now: Date) =>
  Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / dayMs))

const toResponse = (policy: Policy): TwoFactorPolicyResponse => ({
  required: policy.required,
  grace_days: policy.graceDays,
  required_since: policy.requiredSince?.toISOString() ?? null,
})

/**
 * "Require two-factor sign-in" (issue 23 item 2): the admin's switch with its grace period, read
 * from the database on every check so every instance enforces the same one at once; the auth
 * guard asks `mustEnrol` for each signed-in request (http/auth-guard.ts).
 */
export function createTwoFactorPolicy(deps: PolicyDeps) {
  const { clock, logger } = deps
  const repo = createTwoFactorPolicyRepository(deps.database.db)

  return {
    async policy(): Promise<TwoFactorPolicyResponse> {
      return toResponse(policyOf(await repo.find()))
    },

    async setPolicy(admin: UserRecord, input: TwoFactorPolicyRequest): Promise<TwoFactorPolicyResponse> {
      const row = await repo.save({
        required: input.required,
        graceDays: input.grace_days,
        updatedBy: admin.id,
        now: clock.now(),
      })
      logger.info(
        { adminId: admin.id, required: row.required, graceDays: row.graceDays },
        'Required two-factor sign-in changed',
      )
      return toResponse(row)
    },

    /** What the signed-in account sees: whether it must enrol, and by when. */
    async requirement(user: UserRecord): Promise<TwoFactorRequirementResponse> {
      const policy = policyOf(await repo.find())
      if (!policy.required) return { required: false, enrolled: false, deadline: null, days_left: null }
      const enrolled = await repo.hasSecondFactor(user.id)
      const deadline = enrolled ? undefined : graceDeadline(policy, user)
      return {
        required: true,
        enrolled,
        deadline: deadline?.toISOString() ?? null,
        days_left: deadline ? daysLeft(deadline, clock.now()) : null,
      }
    },

    /** Required, the grace period over, and no second factor yet: only enrolment is open. */
    async mustEnrol(user: UserRecord): Promise<boolean> {
      const deadline = graceDeadline(policyOf(await repo.find()), user)
      if (!deadline || clock.now() < deadline) return false
      return !(await repo.hasSecondFactor(user.id))
    },
  }
}

export type TwoFactorPolicy = ReturnType<typeof createTwoFactorPolicy>
