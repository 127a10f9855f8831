import { z } from 'zod'
import { emailField, nameField, newPasswordField, passwordMaxLength } from './auth.js'
import { userSchema } from './users.js'

// Account self-service (product.md §23): the shapes; the routes are in routes/account.ts.

/** Web pages the emailed links open; the token rides in the fragment (`#token=...`). */
export const resetPasswordPagePath = '/reset-password'
export const confirmEmailChangePagePath = '/confirm-email-change'

/** How long a reset link works. */
export const passwordResetLifetimeMinutes = 60
/** How long a link confirming a new address works. */
export const emailChangeLifetimeHours = 24

/** An emailed link's token: base64url, far shorter than this bound. */
const linkToken = z
  .string({ error: 'Token is required.' })
  .min(1, 'Token is required.')
  .max(200, 'This link is not valid.')

export const forgotPasswordRequest = z.object({ email: emailField })
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>

export const resetPasswordRequest = z.object({ token: linkToken, password: newPasswordField })
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>

/** A password typed to prove it is really the owner: presence only, any wrong one is the same 400. */
const currentPasswordField = z
  .string({ error: 'Please enter your current password.' })
  .min(1, 'Please enter your current password.')
  .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters.`)

/** GET /api/account: what the settings section shows. */
export const accountResponse = z.object({
  user: userSchema,
  /** False for an account that only signs in with Google: it confirms with its email instead. */
  has_password: z.boolean(),
  /** A new address waiting for its confirmation link to be opened, or null. */
  pending_email: z.string().nullable(),
})
export type AccountResponse = z.infer<typeof accountResponse>

export const changeNameRequest = z.object({ name: nameField })
export type ChangeNameRequest = z.infer<typeof changeNameRequest>

/** The current password is needed when the account has one. */
export const changeEmailRequest = z.object({ email: emailField, current_password: currentPasswordField.optional() })
export type ChangeEmailRequest = z.infer<typeof changeEmailRequest>
export const changeEmailResponse = z.object({ pending_email: z.string() })
export type ChangeEmailResponse = z.infer<typeof changeEmailResponse>

export const confirmEmailChangeRequest = z.object({ token: linkToken })
export type ConfirmEmailChangeRequest = z.infer<typeof confirmEmailChangeRequest>

export const changePasswordRequest = z.object({
  current_password: currentPasswordField,
  new_password: newPasswordField,
})
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>

/** The account's password, or, for an account without one, its email address typed out. */
export const deleteAccountRequest = z.object({
  confirmation: z
    .string({ error: 'Please type your password to confirm.' })
    .min(1, 'Please type your password to confirm.')
    .max(passwordMaxLength, 'This confirmation is too long.'),
})
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>
