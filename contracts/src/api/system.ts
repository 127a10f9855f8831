import { z } from 'zod'

export const healthResponse = z.object({ status: z.literal('ok') })

export const readinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
})
export type Readiness = z.infer<typeof readinessResponse>

export const errorResponse = z.object({ detail: z.string(), code: z.string() })
