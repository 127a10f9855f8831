import { z } from 'zod'
import { plainText } from '../domain/text.js'

/**
 * What an API key may do (issue 20 item 2). Each API route that keys may call declares the one
 * scope it needs in its definition (`RouteDefinition.scope`); a route without one (account,
 * profile, billing, admin, the keys themselves) is never reachable with a key.
 */
export const apiKeyScopes = [
  'transfers:read',
  'transfers:write',
  'requests:read',
  'requests:write',
  'webhooks:read',
  'webhooks:write',
] as const
export type ApiKeyScope = (typeof apiKeyScopes)[number]

/** Every key starts with this, so leaked keys are easy to find (secret scanners, grep). */
export const apiKeyPrefix = 'ferry_'
/** A key: the prefix and 43 base64url characters (32 random bytes). */
export const apiKeyPattern = /^ferry_[A-Za-z0-9_-]{43}$/
/** The most keys one account holds at once. */
export const maxApiKeysPerAccount = 50
export const apiKeyNameMaxLength = 100

/** POST /api/keys */
export const apiKeyCreateRequest = z.object({
  name: plainText(
    z
      .string()
      .trim()
      .min(1, 'Please give the key a name.')
      .max(apiKeyNameMaxLength, `The name must be at most ${apiKeyNameMaxLength} characters.`),
    'The name',
    { shown: true },
  ),
  scopes: z
    .array(z.enum(apiKeyScopes, `A scope is one of ${apiKeyScopes.join(', ')}.`))
    .min(1, 'Please choose at least one scope.')
    .max(apiKeyScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice.'),
})
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequest>

/** 201 of POST /api/keys: the key itself, shown only here (the server keeps only its hash). */
export const apiKeyCreateResponse = z.object({
  id: z.uuid(),
  key: z.string(),
})
export type ApiKeyCreateResponse = z.infer<typeof apiKeyCreateResponse>

const isoDate = z.iso.datetime({ offset: true })

/** One key as GET /api/keys lists it: never the key, only its first characters. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters (`ferry_` and 4 more), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  created_at: isoDate,
  last_used_at: isoDate.nullable(),
  /** The client address of the last use. */
  last_used_ip: z.string().nullable(),
})
export type ApiKey = z.infer<typeof apiKeySchema>

export const apiKeyListResponse = z.object({ keys: z.array(apiKeySchema) })
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponse>

export const apiKeyIdParams = z.object({ id: z.uuid('Not an API key id.') })

/**
 * PUT /api/put/{filename} (`curl -T`): the transfer's options in the query. `to` may repeat or
 * hold several addresses separated by commas.
 */
export const putUploadQuery = z.object({
  to: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  expires_in_hours: z.coerce.number().int().positive().optional(),
  title: z.string().max(10_000).optional(),
  message: z.string().max(10_000).optional(),
})

export const putUploadParams = z.object({
  filename: plainText(z.string().min(1).max(255, 'The file name must be at most 255 characters.'), 'The file name', {
    shown: true,
  }),
})
