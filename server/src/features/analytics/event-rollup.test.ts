import { randomUUID } from 'node:crypto'
import { type AnalyticsSummary, analyticsEventKinds } from '@ferry/contracts/api/analytics'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { systemClock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { transferEvents, transfers, users } from '../../db/schema/index.js'
import { forEachDatabase, type TestDatabase } from '../../testing/test-database.js'
import { createAnalyticsService } from './analytics.service.js'
import { reachingKinds, rollableUntil, rollDays, rolledWindow, rollupGraceMs } from './event-rollup.js'

const hour = 3600_000
const day = 24 * hour

describe('rolledWindow', () => {
  const period = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) })
  const now = new Date('2026-04-01T12:00:00Z')

  it('keeps the whole UTC days of the period before the roll-up stopped', () => {
    expect(rolledWindow(period('2026-03-01T10:00:00Z', '2026-03-20T05:00:00Z'), '2026-03-15', now)).toEqual(
      period('2026-03-02T00:00:00Z', '2026-03-15T00:00:00Z'),
    )
    expect(rolledWindow(period('2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z'), '2026-03-15', now)).toEqual(
      period('2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z'),
    )
  })

  it('is empty when nothing is rolled or no whole rolled day lies in the period', () => {
    expect(rolledWindow(period('2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z'), null, now)).toBeNull()
    expect(rolledWindow(period('2026-03-01T10:00:00Z', '2026-03-02T05:00:00Z'), '2026-03-15', now)).toBeNull()
    expect(rolledWindow(period('2026-03-16T00:00:00Z', '2026-03-20T00:00:00Z'), '2026-03-15', now)).toBeNull()
  })

  it('reads from the log the days this clock does not see complete, even if rolled', () => {
    const early = new Date('2026-03-12T00:05:00Z')
    expect(rolledWindow(period('2026-03-01T00:00:00Z', '2026-03-20T00:00:00Z'), '2026-03-15', early)).toEqual(
      period('2026-03-01T00:00:00Z', '2026-03-11T00:00:00Z'),
    )
  })

  it('rolls a day only once it ended more than the grace ago', () => {
    expect(rollableUntil(new Date('2026-03-15T00:10:00Z'))).toBe('2026-03-14')
    expect(rollableUntil(new Date(Date.parse('2026-03-15T00:00:00Z') + rollupGraceMs))).toBe('2026-03-15')
  })
})

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  return { next, pick }
}

interface Seeded {
  occurredAt: Date
  transferId: string
  kind: string
  recipientId: string | null
  bytes: number | null
  country: string
  device: string
  browser: string
}

await forEachDatabase((getDatabase) => {
  async function account(db: Db, transferCount: number) {
    const [user] = await db
      .insert(users)
      .values({ email: `rollup-${randomUUID()}@example.com`, name: 'Rolly' })
      .returning({ id: users.id })
    const ids: string[] = []
    for (let i = 0; i < transferCount; i++) {
      const [row] = await db
        .insert(transfers)
        .values({
          uniqueId: randomUUID(),
          userId: user!.id,
          title: `Transfer ${i}`,
          totalSize: 1,
          expiresAt: new Date(Date.now() + 400 * day),
          purgeAfter: new Date(Date.now() + 400 * day),
        })
        .returning({ id: transfers.id })
      ids.push(row!.id)
    }
    return { userId: user!.id, transferIds: ids }
  }

  /**
   * Random events of the account between `from` and `to`, a third of them within a minute of a
   * UTC midnight (where a day's roll-up meets the next), with addresses to be forgotten.
   */
  async function seed(db: Db, owner: { userId: string; transferIds: string[] }, from: Date, to: Date, count: number) {
    const { next, pick } = random(count + from.getTime() / day)
    // A recipient is one transfer's (transfer_recipients), as the event log writes them.
    const recipients = Array.from({ length: 6 }, (_, i) => ({
      id: randomUUID(),
      transferId: owner.transferIds[i % owner.transferIds.length]!,
    }))
    const events: Seeded[] = []
    for (let i = 0; i < count; i++) {
      let at = from.getTime() + next() * (to.getTime() - from.getTime())
      if (i % 3 === 0) at = Math.ceil(at / day) * day + Math.floor((next() - 0.5) * 120_000)
      if (at < from.getTime() || at >= to.getTime()) at = from.getTime() + next() * (to.getTime() - from.getTime())
      const recipient = next() < 0.7 ? pick(recipients) : null
      events.push({
        occurredAt: new Date(Math.floor(at)),
        transferId: recipient?.transferId ?? pick(owner.transferIds),
        kind: pick(analyticsEventKinds),
        recipientId: recipient?.id ?? null,
        bytes: next() < 0.9 ? Math.floor(next() * 1e9) : null,
        country: pick(['DE', 'ES', 'US', 'unknown']),
        device: pick(['desktop', 'mobile', 'tablet']),
        browser: pick(['Firefox', 'Chrome', 'curl']),
      })
    }
    await db.insert(transferEvents).values(
      events.map((e) => ({
        ...e,
        userId: owner.userId,
        addressPrefix: '80.128.0.0/24',
        addressHash: 'f'.repeat(64),
      })),
    )
    return events
  }

  /** What the panel must say about `events` in [from, to), computed here without SQL. */
  function expected(events: Seeded[], from: Date, to: Date) {
    const inPeriod = events.filter((e) => e.occurredAt >= from && e.occurredAt < to)
    const completed = inPeriod.filter((e) => e.kind === 'download_completed')
    const reached = new Set(
      inPeriod
        .filter((e) => e.recipientId && (reachingKinds as readonly string[]).includes(e.kind))
        .map((e) => e.recipientId),
    )
    return {
      downloads_completed: completed.length,
      bytes_delivered: completed.reduce((sum, e) => sum + (e.bytes ?? 0), 0),
      recipients_reached: reached.size,
    }
  }

  async function resetRollup(db: Db) {
    await db.execute(sql`delete from transfer_event_days`)
    await db.execute(sql`delete from transfer_event_recipient_days`)
    await db.execute(sql`update transfer_event_rollup set rolled_until = null`)
  }

  const rollupRows = async (db: Db) => ({
    days: (
      await db.execute(
        sql`select user_id, day::text, dimension, transfer_id, country, device, browser, completed, bytes::text
            from transfer_event_days order by 1, 2, 3, 4, 5, 6, 7`,
      )
    ).rows,
    recipients: (
      await db.execute(
        sql`select user_id, day::text, recipient_id, transfer_id, previous_day::text
            from transfer_event_recipient_days order by 1, 2, 3`,
      )
    ).rows,
  })

  /** A clock that stands still (the default period ends now), moved only by the test. */
  function frozenClock(now: Date) {
    let at = now.getTime()
    return {
      now: () => new Date(at),
      after: systemClock.after,
      advance(ms: number) {
        at += ms
      },
    }
  }

  function setUp(database: TestDatabase, now: Date) {
    const clock = frozenClock(now)
    const analytics = createAnalyticsService({ database, clock })
    /** The panel from the roll-up and from the event log alone must be the same, to the last field. */
    async function bothWays(userId: string, query: { from?: string; to?: string }): Promise<AnalyticsSummary> {
      const rolled = await analytics.summary(userId, query)
      const raw = await analytics.summary(userId, query, { rollup: false })
      expect(rolled, JSON.stringify(query)).toEqual(raw)
      return rolled
    }
    return { clock, analytics, bothWays }
  }

  it('answers every period the same from the roll-up as from the event log, across midnights and retention', async () => {
    const database = getDatabase()
    const { db } = database
    await resetRollup(db)
    const now = new Date('2026-03-10T05:30:00Z')
    const { clock, analytics, bothWays } = setUp(database, now)
    const owner = await account(db, 4)
    const other = await account(db, 1)
    const events = await seed(db, owner, new Date(now.getTime() - 45 * day), now, 900)
    await seed(db, other, new Date(now.getTime() - 45 * day), now, 200)

    expect(await analytics.rollUpEvents()).toEqual({ days: 45 })
    expect(await analytics.rollUpEvents()).toEqual({ days: 0 })
    const { rolled_until } = (
      await db.execute<{ rolled_until: string }>(sql`select rolled_until::text from transfer_event_rollup`)
    ).rows[0]!
    expect(rolled_until).toBe('2026-03-10')

    const periods: { from?: string; to?: string }[] = [
      {},
      { from: '2026-02-01', to: '2026-03-10' },
      { from: '2026-01-20', to: '2026-03-09' },
      { from: '2026-02-03T13:17:00Z', to: '2026-02-27T00:00:30Z' },
      { from: '2026-02-14T23:59:30Z', to: '2026-03-10T05:00:00Z' },
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-03-07T00:00:00Z', to: '2026-03-09T12:00:00Z' },
      // 48 hours or less: charts by hour, read from the log alone.
      { from: '2026-03-08', to: '2026-03-09' },
    ]
    for (const query of periods) {
      const panel = await bothWays(owner.userId, query)
      expect(panel, JSON.stringify(query)).toMatchObject(expected(events, new Date(panel.from), new Date(panel.to)))
    }
    const year = await bothWays(owner.userId, { from: '2025-03-15', to: '2026-03-10' })
    expect(year).toMatchObject(expected(events, new Date(year.from), new Date(year.to)))
    expect(year.downloads_completed).toBeGreaterThan(50)
    expect(year.countries.length).toBeGreaterThan(1)
    expect(year.devices.length).toBeGreaterThan(3)
    expect(year.busiest_transfers).toHaveLength(4)

    // Distinct recipients: a recipient reached on many days is one recipient, not one per day.
    const recipientDays = await db.execute<{ n: string }>(
      sql`select count(*) as n from transfer_event_recipient_days where user_id = ${owner.userId}`,
    )
    expect(Number(recipientDays.rows[0]!.n)).toBeGreaterThan(6 * 10)
    expect(year.recipients_reached).toBe(6)

    // Events of today (not rolled yet) are read from the log; after midnight they are rolled.
    const today = await seed(db, owner, new Date('2026-03-10T00:00:00Z'), new Date('2026-03-10T23:59:59Z'), 120)
    const all = [...events, ...today]
    const week = { from: '2026-03-04', to: '2026-03-10' }
    expect(await bothWays(owner.userId, week)).toMatchObject(
      expected(all, new Date('2026-03-04T00:00:00Z'), new Date('2026-03-11T00:00:00Z')),
    )
    clock.advance(day)
    expect(await analytics.rollUpEvents()).toEqual({ days: 1 })
    expect(await bothWays(owner.userId, week)).toMatchObject(
      expected(all, new Date('2026-03-04T00:00:00Z'), new Date('2026-03-11T00:00:00Z')),
    )

    // Re-rolling days gives the same rows; forgetting addresses (the retention job) changes none.
    const before = await rollupRows(db)
    await rollDays(db, '2026-01-20', '2026-03-11')
    expect(await rollupRows(db)).toEqual(before)
    await rollDays(db, '2026-02-10', '2026-02-20')
    expect(await rollupRows(db)).toEqual(before)
    expect(await analytics.forgetAddressesBefore(clock.now())).toBeGreaterThan(0)
    expect(await rollupRows(db)).toEqual(before)
    await rollDays(db, '2026-01-20', '2026-03-11')
    expect(await rollupRows(db)).toEqual(before)
    for (const query of periods) await bothWays(owner.userId, query)

    // A deleted transfer takes its roll-up with it, as it takes its events.
    await db.execute(sql`delete from transfers where id = ${owner.transferIds[0]!}`)
    const after = await bothWays(owner.userId, { from: '2026-01-20', to: '2026-03-10' })
    expect(after.busiest_transfers).toHaveLength(3)
  })

  it('rolls each day once when two instances run the job at the same time', async () => {
    const database = getDatabase()
    const { db } = database
    await resetRollup(db)
    const now = new Date('2026-05-20T10:00:00Z')
    const owner = await account(db, 2)
    await seed(db, owner, new Date(now.getTime() - 70 * day), now, 400)
    const one = setUp(database, now)
    const two = setUp(database, now)
    const runs = await Promise.all([one.analytics.rollUpEvents(), two.analytics.rollUpEvents()])
    // The days are rolled once between them (the first run over history reaches back to earlier tests' events).
    const total = runs[0]!.days + runs[1]!.days
    const rolled = await rollupRows(db)
    await resetRollup(db)
    expect((await one.analytics.rollUpEvents()).days).toBe(total)
    expect(await rollupRows(db)).toEqual(rolled)
    await one.bothWays(owner.userId, { from: '2026-03-01', to: '2026-05-20' })
  })
})
