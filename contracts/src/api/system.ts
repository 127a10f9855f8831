import { z } from 'zod'

export const healthResponse = z.object({ status: z.literal('ok') })

export const readinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
})
export type Readiness = z.infer<typeof readinessResponse>

export const errorResponse = z.object({
  detail: z.string(),
  code: z.string(),
  /** A refusal that ends (rate limits, send throttles): seconds to wait, as in Retry-After. */
  retry_after_seconds: z.int().positive().optional(),
  /** …and the moment sending or trying works again. */
  retry_at: z.iso.datetime({ offset: true }).optional(),
})

/**
 * GET /api/system/config (spec/transfers.md §3 System config): where the ZIP limit came from in `source`;
 * `contact_email` is the operator's address for the /contact page (CONTACT_EMAIL), null if unset;
 * `payments` says which checkout runs: 'test' is the built-in test checkout (plans for free), which
 * the admin console flags with a banner (product.md §6).
 */
export const systemConfigResponse = z.object({
  client_zip_max_size_mb: z.int().positive(),
  source: z.enum(['config', 'default']),
  contact_email: z.email().nullable().optional(),
  payments: z.enum(['stripe', 'test']).optional(),
})
export type SystemConfig = z.infer<typeof systemConfigResponse>

/** The browser's fallback when GET /api/system/config fails (spec/transfers.md §9). */
export const defaultClientZipMaxSizeMb = 2048
