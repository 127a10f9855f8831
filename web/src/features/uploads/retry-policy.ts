import { uploadRetryDelaysMs } from '@ferry/contracts/api/uploads'

/** spec/transfers.md §9: a failed upload is retried up to 10 times. */
export const maxUploadRetries = 10

/** The wait before retry `attempt` (1-based): 0, 1000, 3000, 5000 ms, then 5000 ms each time after. */
export function retryDelayMs(attempt: number, delays: readonly number[] = uploadRetryDelaysMs): number {
  if (delays.length === 0) return 0
  const index = Math.min(Math.max(attempt, 1), delays.length) - 1
  return delays[index] ?? 0
}

/**
 * Whether a failure with this HTTP status may pass by itself: no answer at all (0: the network or
 * the server is down), a timeout, a conflict, throttling, or a server error. Other 4xx will not.
 */
export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return false
  return status === 0 || status === 408 || status === 409 || status === 425 || status === 429 || status >= 500
}
