import { z } from 'zod'
import { errorResponse } from './system.js'

// Passkeys (issue 23 item 2): WebAuthn credentials, as a second factor or for passwordless sign-in.

/** What the browser's WebAuthn call answered, as @simplewebauthn/browser encodes it (base64url). */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url.')

export const passkeyCredential = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536).optional(),
    authenticatorData: b64url(8192).optional(),
    signature: b64url(2048).optional(),
    userHandle: b64url(512).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
})
export type PasskeyCredential = z.infer<typeof passkeyCredential>

export const passkeyNameMax = 64
export const passkeyNameField = z
  .string({ error: 'Give the passkey a name.' })
  .trim()
  .min(1, 'Give the passkey a name.')
  .max(passkeyNameMax, `A passkey name is at most ${passkeyNameMax} characters.`)

/** Options for navigator.credentials.create/get, as JSON; the challenge in them works once, briefly. */
export const passkeyOptionsResponse = z.object({ options: z.looseObject({ challenge: z.string() }) })
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponse>

export const passkeyRegisterRequest = z.object({ name: passkeyNameField, credential: passkeyCredential })
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequest>

export const passkeyRenameRequest = z.object({ name: passkeyNameField })

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
})
export type Passkey = z.infer<typeof passkeySchema>
export const passkeysResponse = z.object({ passkeys: z.array(passkeySchema) })
export type PasskeysResponse = z.infer<typeof passkeysResponse>

export const passkeyIdParams = z.object({ id: z.uuid({ error: 'This passkey does not exist.' }) })

/** POST /auth/passkey: passwordless sign-in with a discoverable passkey. */
export const passkeySignInRequest = z.object({ credential: passkeyCredential })

/** The second-step methods an account offers, listed in the 401 `second_factor_required`. */
export const secondFactorMethods = ['totp', 'recovery_code', 'passkey'] as const
export type SecondFactorMethod = (typeof secondFactorMethods)[number]

/** A 401 of sign-in: with `second_factor_required`, the methods this account can answer with. */
export const signInRefusedResponse = errorResponse.extend({
  methods: z.array(z.enum(secondFactorMethods)).optional(),
})
