import { z } from 'zod'

// Active sessions (issue 23 item 4, decision 0028): where the account is signed in.

export const activeSessionSchema = z.object({
  id: z.string(),
  /** "Firefox on Linux", from the browser's User-Agent. */
  label: z.string(),
  /** desktop, mobile, tablet, bot or unknown. */
  device: z.string(),
  /** ISO 3166-1 alpha-2 of the address it signed in from (approximate), or `unknown`. */
  country: z.string(),
  created_at: z.string(),
  /** Updated at most every few minutes. */
  last_seen_at: z.string(),
  /** The session asking. */
  current: z.boolean(),
})
export type ActiveSession = z.infer<typeof activeSessionSchema>
export const activeSessionsResponse = z.object({ sessions: z.array(activeSessionSchema) })
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponse>

export const sessionIdParams = z.object({ id: z.uuid({ error: 'This session does not exist.' }) })

export const signedOutResponse = z.object({ signed_out: z.number().int() })
