import { z } from 'zod'
import { passwordMaxLength, totpCodeField } from './auth.js'

// Two-factor sign-in (issue 23 item 2): TOTP, recovery codes and remembered devices.

/** Recovery codes handed out at once; each works one time. */
export const recoveryCodeCount = 10
/** Days "Remember this device" skips the second step on one browser. */
export const rememberDeviceDays = 30

/** POST /api/account/totp: a new secret to scan; two-factor sign-in stays off until it is confirmed. */
export const totpEnrolmentResponse = z.object({ secret: z.string(), otpauth_url: z.string() })
export type TotpEnrolmentResponse = z.infer<typeof totpEnrolmentResponse>

export const totpConfirmRequest = z.object({ code: totpCodeField })
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequest>

/** Shown once: only their hashes are kept. */
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) })
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>

/** Proof for turning 2FA off or new recovery codes: the account's password or a current code. */
export const twoFactorProofRequest = z
  .object({
    password: z.string().min(1).max(passwordMaxLength, 'This password is too long.').optional(),
    code: totpCodeField.optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: 'Enter your password or a current code from your authenticator app.',
  })
export type TwoFactorProofRequest = z.infer<typeof twoFactorProofRequest>

export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
})
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponse>

export const rememberedDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The browser asking. */
  current: z.boolean(),
})
export type RememberedDevice = z.infer<typeof rememberedDeviceSchema>
export const rememberedDevicesResponse = z.object({ devices: z.array(rememberedDeviceSchema) })
export type RememberedDevicesResponse = z.infer<typeof rememberedDevicesResponse>

export const deviceIdParams = z.object({ id: z.uuid({ error: 'This remembered device does not exist.' }) })
