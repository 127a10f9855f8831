import { describe, expect, it } from 'vitest'
import { forEachDatabase } from '../../testing/test-database.js'
import { createPlansService } from '../plans/plans.service.js'
import {
  assertFitsTransferSize,
  assertWithinUsage,
  expiryHoursFor,
  purgeAfter,
  recipientsOf,
  startOfUtcDay,
  startOfUtcMonth,
} from './transfer-rules.js'

const gib = 1024 ** 3

await forEachDatabase(
  (getDatabase) => {
    const plan = (id: string) => createPlansService({ database: getDatabase() }).get(id)
    const refusal = (fn: () => unknown) => {
      try {
        fn()
      } catch (error) {
        return { status: (error as { status: number }).status, detail: (error as Error).message }
      }
      return undefined
    }

    it('words the size refusal by plan: the upgrade offer on Guest, the limit on paid plans', async () => {
      const guest = await plan('guest')
      const pro = await plan('pro')
      expect(refusal(() => assertFitsTransferSize(guest, 50 * gib))).toBeUndefined()
      expect(refusal(() => assertFitsTransferSize(guest, 50 * gib + 1))).toEqual({
        status: 403,
        detail: 'Upgrade to PRO to send files over 50 GiB',
      })
      expect(refusal(() => assertFitsTransferSize(pro, 2048 * gib + 1))).toEqual({
        status: 403,
        detail: 'Files exceed your 2 TiB limit',
      })
      const business = await plan('business')
      expect(refusal(() => assertFitsTransferSize(business, 10_000 * gib))).toBeUndefined()
    })

    it('gives the plan maximum as the default expiry, 30 days (up to a year) without one, and 422 beyond it', async () => {
      expect(expiryHoursFor(await plan('guest'), undefined)).toBe(24)
      expect(expiryHoursFor(await plan('pro'), null)).toBe(720)
      expect(expiryHoursFor(await plan('pro'), 1)).toBe(1)
      const guest = await plan('guest')
      expect(refusal(() => expiryHoursFor(guest, 25))).toEqual({
        status: 422,
        detail: 'Your plan allows transfers to last at most 24 hours.',
      })
      const business = await plan('business')
      expect(expiryHoursFor(business, undefined)).toBe(720)
      expect(expiryHoursFor(business, 8760)).toBe(8760)
      expect(refusal(() => expiryHoursFor(business, 8761))?.status).toBe(422)
    })

    it('reads the recipients cap from the plan', async () => {
      const guestPlan = await plan('guest')
      expect(recipientsOf({ recipient_emails: [], recipient_email: ' A@B.co ' }, guestPlan)).toEqual(['a@b.co'])
      expect(refusal(() => recipientsOf({ recipient_emails: ['a@b.co, c@d.co'] }, guestPlan))).toEqual({
        status: 400,
        detail: 'Only 1 recipient allowed',
      })
      expect(recipientsOf({ recipient_emails: ['a@b.co, c@d.co'] }, await plan('pro'))).toEqual(['a@b.co', 'c@d.co'])
    })

    it('counts the daily limit and the monthly cap', async () => {
      const limited = { ...(await plan('guest')), max_daily_transfers: 2 }
      expect(refusal(() => assertWithinUsage(limited, { today: 1, monthBytes: 0 }, 1))).toBeUndefined()
      expect(refusal(() => assertWithinUsage(limited, { today: 2, monthBytes: 0 }, 1))?.status).toBe(403)
      expect(refusal(() => assertWithinUsage(limited, { today: 0, monthBytes: 100 * gib }, 0))).toBeUndefined()
      expect(refusal(() => assertWithinUsage(limited, { today: 0, monthBytes: 100 * gib }, 1))).toEqual({
        status: 403,
        detail: 'This transfer exceeds your monthly data limit of 100 GiB. Please upgrade your plan.',
      })
    })
  },
  ['pglite'],
)

describe('time rules', () => {
  it('keeps files 7 days after expiry only with recovery', () => {
    const at = new Date('2025-01-01T00:00:00Z')
    expect(purgeAfter({ recovery_allowed: false }, at)).toEqual(at)
    expect(purgeAfter({ recovery_allowed: true }, at)).toEqual(new Date('2025-01-08T00:00:00Z'))
  })

  it('starts days and months in UTC', () => {
    const at = new Date('2025-03-15T23:59:59.999Z')
    expect(startOfUtcDay(at)).toEqual(new Date('2025-03-15T00:00:00Z'))
    expect(startOfUtcMonth(at)).toEqual(new Date('2025-03-01T00:00:00Z'))
  })
})
