import { z } from 'zod'
import { plainText } from '../domain/text.js'

/**
 * What a webhook endpoint may subscribe to (issue 20 item 5). A new kind of event is one more name
 * here and one `emit` where it happens on the server (`comment.created`: a review comment on a
 * file of the account's transfer, issue 19 item 2).
 */
export const webhookEventTypes = [
  'transfer.created',
  'transfer.downloaded',
  'transfer.expired',
  'transfer.deleted',
  'request.uploaded',
  'comment.created',
] as const
export type WebhookEventType = (typeof webhookEventTypes)[number]

/** The most endpoints one account holds at once. */
export const maxWebhooksPerAccount = 20
export const webhookUrlMaxLength = 2000
export const webhookDescriptionMaxLength = 200
/** How long the secret before a rotation keeps signing beside the new one. */
export const webhookRotationGraceHours = 24

const webhookUrl = z
  .string()
  .trim()
  .max(webhookUrlMaxLength, `The address must be at most ${webhookUrlMaxLength} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    } catch {
      return false
    }
  }, 'The address must be a full http:// or https:// URL.')
  .refine((value) => {
    try {
      const url = new URL(value)
      return url.username === '' && url.password === ''
    } catch {
      return true
    }
  }, 'The address must not hold a user name or password.')

const description = plainText(
  z
    .string()
    .trim()
    .max(webhookDescriptionMaxLength, `The description must be at most ${webhookDescriptionMaxLength} characters.`),
  'The description',
  { shown: true },
)

const events = z
  .array(z.enum(webhookEventTypes, `An event is one of ${webhookEventTypes.join(', ')}.`))
  .min(1, 'Please choose at least one event.')
  .max(webhookEventTypes.length)
  .refine((list) => new Set(list).size === list.length, 'An event is listed twice.')

/** POST /api/webhooks */
export const webhookCreateRequest = z.object({
  url: webhookUrl,
  description: description.default(''),
  events,
  enabled: z.boolean().default(true),
})
export type WebhookCreateRequest = z.input<typeof webhookCreateRequest>

/** PATCH /api/webhooks/{id}: what is given changes. */
export const webhookUpdateRequest = z.object({
  url: webhookUrl.optional(),
  description: description.optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
})
export type WebhookUpdateRequest = z.input<typeof webhookUpdateRequest>

const isoDate = z.iso.datetime({ offset: true })

/** One endpoint as the list shows it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  created_at: isoDate,
  /** Until then the secret before the last rotation signs too (a second signature); null when none does. */
  previous_secret_expires_at: isoDate.nullable(),
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

export const webhookListResponse = z.object({ endpoints: z.array(webhookEndpointSchema) })
export type WebhookListResponse = z.infer<typeof webhookListResponse>

/** 201 of POST /api/webhooks: the endpoint and its signing secret (`whsec_…`), shown only here. */
export const webhookCreateResponse = webhookEndpointSchema.extend({ secret: z.string() })
export type WebhookCreateResponse = z.infer<typeof webhookCreateResponse>

/** POST /api/webhooks/{id}/rotate-secret: the new secret, shown only here. */
export const webhookRotateResponse = z.object({
  secret: z.string(),
  previous_secret_expires_at: isoDate,
})
export type WebhookRotateResponse = z.infer<typeof webhookRotateResponse>

export const webhookIdParams = z.object({ id: z.uuid('Not a webhook id.') })

/** A delivery's id is its `webhook-id` header: `msg_` and 32 base64url characters. */
export const webhookDeliveryIdPattern = /^msg_[A-Za-z0-9_-]{32}$/
export const webhookDeliveryParams = z.object({
  id: z.uuid('Not a webhook id.'),
  deliveryId: z.string().regex(webhookDeliveryIdPattern, 'Not a delivery id.'),
})

export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number]

/** One try of one delivery: a line of the endpoint's delivery log. */
export const webhookAttemptSchema = z.object({
  delivery_id: z.string(),
  event_type: z.enum(webhookEventTypes),
  /** The delivery as it stands now (every try of it shows the same). */
  delivery_state: z.enum(webhookDeliveryStates),
  /** The try's number within its delivery, from 1. */
  attempt: z.number().int(),
  at: isoDate,
  /** The receiver's HTTP status, or null when no answer came (refused, timed out, not allowed). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** Why a try without a status failed, in a few words. */
  error: z.string().nullable(),
})
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>

/** GET /api/webhooks/{id}/deliveries: the latest tries, newest first. */
export const webhookDeliveriesResponse = z.object({ attempts: z.array(webhookAttemptSchema) })
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponse>

export const webhookResendResponse = z.object({ delivery_id: z.string() })
