import { z } from 'zod'
import { languageSchema } from '../domain/languages.js'
import { plainText } from '../domain/text.js'
import { passkeyCredential } from './passkeys.js'
import { userSchema } from './users.js'

/** The web page the confirmation email links to; the token rides in the fragment (`#token=...`). */
export const confirmEmailPagePath = '/confirm-email'
export const confirmationCodeLength = 6

export const passwordMinLength = 8
export const passwordMaxLength = 1024
export const nameMaxLength = 100
export const emailMaxLength = 254

/** Trimmed and lower-cased before it is checked, so ' Ann@Example.COM ' is ann@example.com. */
export const emailField = plainText(
  z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .max(emailMaxLength, `Email must be at most ${emailMaxLength} characters.`),
  'The email',
).pipe(z.email({ error: 'Please enter a valid email address.' }))

/** A new password: at least 8 characters (spec/transfers.md §5). */
export const newPasswordField = z
  .string({ error: 'Password is required.' })
  .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters.`)
  .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters.`)

/** A person's name as others see it (emails, rooms): one line, no bidi controls (security review L-8). */
export const nameField = plainText(
  z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(nameMaxLength, `Name must be at most ${nameMaxLength} characters.`),
  'The name',
  { shown: true },
)

// Two-factor sign-in (issue 23 item 2): the second step's fields.

/** A 6-digit code from an authenticator app; spaces are ignored. */
export const totpCodeField = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))

/** A recovery code as handed out (`xxxxx-xxxxx`); case, spaces and dashes do not matter. */
export const recoveryCodeField = z
  .string({ error: 'Enter one of your recovery codes.' })
  .trim()
  .min(1, 'Enter one of your recovery codes.')
  .max(64, 'This is not a recovery code.')

/** What sign-in (password or Google) adds when the account has two-factor sign-in on. */
export const secondFactorFields = {
  totp_code: totpCodeField.optional(),
  recovery_code: recoveryCodeField.optional(),
  /** A passkey assertion for options from POST /auth/passkey/options. */
  passkey: passkeyCredential.optional(),
  /** Skip the second step on this browser for 30 days (an httpOnly cookie, revocable). */
  remember_device: z.boolean().optional(),
}

export const loginRequest = z.object({
  email: emailField,
  // Only presence here: a wrong password of any length is the same 401.
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters.`),
  /** With two-factor sign-in on: a code from the authenticator app, or a recovery code. */
  ...secondFactorFields,
})
export type LoginRequest = z.infer<typeof loginRequest>

export const registerRequest = z.object({
  email: emailField,
  password: newPasswordField,
  name: nameField,
  /** The interface language at sign-up: the account's emails are written in it. */
  language: languageSchema.optional(),
})
export type RegisterRequest = z.infer<typeof registerRequest>

/** A Google ID token from Google Identity Services. */
export const googleRequest = z.object({
  token: z.string({ error: 'Token is required.' }).min(1, 'Token is required.'),
  /** The interface language, kept for an account this sign-in creates. */
  language: languageSchema.optional(),
  /** Google stands in for the password only: an account with two-factor sign-in on needs its code too. */
  ...secondFactorFields,
})
export type GoogleRequest = z.infer<typeof googleRequest>

/** Answer of login, register and google: the token is also set as an httpOnly cookie. */
export const loginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: userSchema,
})
export type LoginResponse = z.infer<typeof loginResponse>

/** Without `token`, the session of the request itself (its auth cookie) is checked: the web app's way. */
export const verifyRequest = z.object({ token: z.string({ error: 'Token must be a string.' }).optional() })
export type VerifyRequest = z.infer<typeof verifyRequest>

/** `valid` is false (and `user` absent) for a missing, tampered, expired or revoked token. */
export const verifyResponse = z.object({ valid: z.boolean(), user: userSchema.optional() })
export type VerifyResponse = z.infer<typeof verifyResponse>

export const logoutResponse = z.object({
  message: z.string(),
  /** After single sign-on: the provider's end-session address, to end its session too (when it has one). */
  end_session_url: z.string().optional(),
})
export type LogoutResponse = z.infer<typeof logoutResponse>

/** GET /auth/config: what the browser needs to offer sign-in; `google_client_id` is null without Google. */
export const authConfigResponse = z.object({
  google_client_id: z.string().nullable(),
  /** The operator's OpenID provider: the label of its "Sign in with …" button; null without one. */
  oidc: z.object({ name: z.string() }).nullable(),
})
export type AuthConfigResponse = z.infer<typeof authConfigResponse>

/**
 * POST /auth/confirm-email: the emailed link's `token`, or the account's `email` and the 6-digit
 * `code` from the same email. Answers 204; 400 `email_confirmation_invalid` for anything else.
 */
export const confirmEmailRequest = z
  .object({
    token: z.string().min(1, 'Token is required.').max(200, 'This confirmation link is not valid.').optional(),
    email: emailField.optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code is the 6 digits from the email.')
      .optional(),
  })
  .refine((body) => body.token !== undefined || (body.email !== undefined && body.code !== undefined), {
    message: 'Send the token from the link, or your email and the 6-digit code.',
  })
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequest>
