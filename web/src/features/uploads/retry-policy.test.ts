import { describe, expect, it } from 'vitest'
import { isRetryableStatus, maxUploadRetries, retryDelayMs } from './retry-policy.js'

describe('retryDelayMs', () => {
  it('waits 0, 1000, 3000 and 5000 ms, then keeps 5000 ms up to the tenth retry', () => {
    const delays = Array.from({ length: maxUploadRetries }, (_, i) => retryDelayMs(i + 1))
    expect(delays).toEqual([0, 1000, 3000, 5000, 5000, 5000, 5000, 5000, 5000, 5000])
  })

  it('takes other delays', () => {
    expect(retryDelayMs(2, [10, 20])).toBe(20)
    expect(retryDelayMs(9, [10, 20])).toBe(20)
    expect(retryDelayMs(1, [])).toBe(0)
  })
})

describe('isRetryableStatus', () => {
  it('retries what may pass by itself', () => {
    for (const status of [0, 408, 409, 429, 500, 502, 503, 504, 507])
      expect(isRetryableStatus(status), `${status}`).toBe(true)
  })

  it('does not retry what will fail again', () => {
    for (const status of [400, 401, 403, 404, 413, 422]) expect(isRetryableStatus(status), `${status}`).toBe(false)
    expect(isRetryableStatus(undefined)).toBe(false)
  })
})
