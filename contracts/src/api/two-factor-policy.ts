import { z } from 'zod'

// Required two-factor sign-in (issue 23 item 2): an admin's switch for every account, with a
// grace period, and what the signed-in account needs to know about it.

/** The longest grace period an admin may give, in days. */
export const maxGraceDays = 365

/** GET/PUT /api/admin/security/two-factor: the service-wide requirement. */
export const twoFactorPolicyResponse = z.object({
  required: z.boolean(),
  /** Days an account without a second factor may still work, from `required_since` or its creation if later. */
  grace_days: z.number().int(),
  /** When the requirement was last switched on; null while it is off. */
  required_since: z.iso.datetime().nullable(),
})
export type TwoFactorPolicyResponse = z.infer<typeof twoFactorPolicyResponse>

export const twoFactorPolicyRequest = z.object({
  required: z.boolean({ error: 'Say whether two-factor sign-in is required.' }),
  grace_days: z
    .number({ error: 'The grace period is a number of days.' })
    .int('The grace period is a whole number of days.')
    .min(0, 'The grace period cannot be negative.')
    .max(maxGraceDays, `The grace period is at most ${maxGraceDays} days.`),
})
export type TwoFactorPolicyRequest = z.infer<typeof twoFactorPolicyRequest>

/** GET /api/account/two-factor-requirement: whether the signed-in account must still enrol, and by when. */
export const twoFactorRequirementResponse = z.object({
  /** The admin requires two-factor sign-in of every account. */
  required: z.boolean(),
  /** The account has a second factor (TOTP on, or a passkey). */
  enrolled: z.boolean(),
  /** Required and not enrolled: when the grace period ends (past: only enrolment is open). */
  deadline: z.iso.datetime().nullable(),
  /** Whole days left until `deadline`, rounded up; 0 once it passed; null without a deadline. */
  days_left: z.number().int().nullable(),
})
export type TwoFactorRequirementResponse = z.infer<typeof twoFactorRequirementResponse>
