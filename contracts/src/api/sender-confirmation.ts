import { z } from 'zod'

/** Digits of the code a sender on a plan with `requires_otp` confirms (DECISIONS §12). */
export const senderCodeLength = 6
/** Minutes an emailed sender code works. */
export const senderCodeLifetimeMinutes = 10
/** Seconds between two sender-code emails to one address. */
export const senderCodeResendSeconds = 60

/** POST /api/sender-confirmation: the 6-digit code from the email. */
export const senderConfirmRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits from the email.'),
})
export type SenderConfirmRequest = z.infer<typeof senderConfirmRequest>

/**
 * GET /api/sender-confirmation: whether this browser, session or key must still confirm a code
 * before it may send, and the address the code goes to.
 */
export const senderConfirmationStatus = z.object({
  required: z.boolean(),
  email: z.string(),
})
export type SenderConfirmationStatus = z.infer<typeof senderConfirmationStatus>
