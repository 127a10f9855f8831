import { sql } from 'drizzle-orm'
import type { Clock } from '../../clock.js'
import type { Db, DbExecutor } from '../../db/database.js'
import type { Period } from './analytics-period.js'

const dayMs = 24 * 3600_000

/**
 * How long after a UTC day ends it is rolled up. Events are appended with the writer's clock at
 * the time (event-log.ts), so a day is complete once every instance's clock has passed it and the
 * transactions that began in it have committed; minutes of margin cover both.
 */
export const rollupGraceMs = 15 * 60_000
/** Days rolled per transaction, so the first run over a long history holds no lock for long. */
const daysPerTransaction = 31

/** The event kinds that mean a recipient was reached (the panel's "recipients reached"). */
export const reachingKinds = ['page_view', 'preview', 'download_started', 'download_completed'] as const
/** The same kinds as an SQL list, for `kind in (…)`. */
export const reachingKindsSql = sql.join(
  reachingKinds.map((kind) => sql`${kind}`),
  sql`, `,
)

/** The UTC date of `at`, as `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)
const dayAfter = (day: string, days = 1) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs))
const startOf = (day: string) => new Date(`${day}T00:00:00Z`)

/** The first day not to roll up yet at `now`: every day before it ended more than the grace ago. */
export function rollableUntil(now: Date): string {
  return utcDay(new Date(now.getTime() - rollupGraceMs))
}

/**
 * The whole UTC days of `period` the roll-up holds (rolled up before `rolledUntil`), or null when
 * there are none; the panel reads the rest of the period, at most a partial day at each end and
 * the days since `rolledUntil`, from the event log. Days this instance's clock does not yet see
 * as complete are read from the log even if rolled (another instance's clock ahead, or set back).
 */
export function rolledWindow(period: Period, rolledUntil: string | null, now: Date): Period | null {
  if (!rolledUntil) return null
  const from = new Date(Math.ceil(period.from.getTime() / dayMs) * dayMs)
  const to = new Date(
    Math.min(
      Math.floor(period.to.getTime() / dayMs) * dayMs,
      startOf(rolledUntil).getTime(),
      startOf(rollableUntil(now)).getTime(),
    ),
  )
  return from < to ? { from, to } : null
}

/**
 * Rolls the events of the UTC days [from, to) into the daily tables (schema/transfer-event-days.ts),
 * replacing what they held for those days: running it twice gives the same rows.
 */
export async function rollDays(db: DbExecutor, from: string, to: string): Promise<void> {
  const start = startOf(from).toISOString()
  const end = startOf(to).toISOString()
  await db.execute(sql`delete from transfer_event_days where day >= ${from}::date and day < ${to}::date`)
  await db.execute(sql`delete from transfer_event_recipient_days where day >= ${from}::date and day < ${to}::date`)
  // One pass over the completed downloads makes three sets of rows: per transfer, and per transfer
  // and country, and per transfer and device/browser (grouping() tells which set a row is of).
  await db.execute(sql`
    insert into transfer_event_days (user_id, day, dimension, transfer_id, country, device, browser, completed, bytes)
    select user_id, day,
      case when grouping(country) = 0 then 'country' when grouping(device) = 0 then 'device' else 'transfer' end,
      transfer_id, coalesce(country, ''), coalesce(device, ''), coalesce(browser, ''), count(*), coalesce(sum(bytes), 0)
    from (
      select user_id, (occurred_at at time zone 'UTC')::date as day, transfer_id, country, device, browser, bytes
      from transfer_events
      where kind = 'download_completed' and occurred_at >= ${start} and occurred_at < ${end}
    ) e
    group by grouping sets (
      (user_id, day, transfer_id),
      (user_id, day, transfer_id, country),
      (user_id, day, transfer_id, device, browser))`)
  // Each recipient once a day (a recipient belongs to one transfer), with the day it was reached
  // before: the previous row of this range, else its last row before the range.
  await db.execute(sql`
    insert into transfer_event_recipient_days (user_id, day, recipient_id, transfer_id, previous_day)
    select user_id, day, recipient_id, transfer_id,
      coalesce(lag(day) over (partition by user_id, recipient_id order by day), (
        select max(p.day) from transfer_event_recipient_days p
        where p.user_id = r.user_id and p.recipient_id = r.recipient_id and p.day < ${from}::date))
    from (
      select distinct on (user_id, day, recipient_id) user_id, (occurred_at at time zone 'UTC')::date as day, recipient_id, transfer_id
      from transfer_events
      where recipient_id is not null and kind in (${reachingKindsSql})
        and occurred_at >= ${start} and occurred_at < ${end}
      order by user_id, day, recipient_id, transfer_id
    ) r`)
  // Days after the range (only when a range is rolled again) may have had their previous day in it.
  await db.execute(sql`
    update transfer_event_recipient_days d set previous_day = (
      select max(p.day) from transfer_event_recipient_days p
      where p.user_id = d.user_id and p.recipient_id = d.recipient_id and p.day < d.day)
    where d.day >= ${to}::date`)
}

/**
 * The roll-up's keeper: `rollUp` rolls every day that is complete and not rolled yet, a month per
 * transaction. Each transaction first locks the one state row, so two instances running it at once
 * (a lease outlived) take turns, and the second finds the days already done.
 */
export function createEventRollup(db: Db, clock: Pick<Clock, 'now'>) {
  async function rolledUntil(executor: DbExecutor = db, lock = false): Promise<string | null> {
    const found = await executor.execute<{ rolled_until: string | null }>(
      sql`select rolled_until::text from transfer_event_rollup ${lock ? sql`for update` : sql``}`,
    )
    return found.rows[0]?.rolled_until ?? null
  }

  /** Rolls the next batch of days; answers how many, or 0 when there was none to roll. */
  function rollNext(): Promise<number> {
    return db.transaction(async (tx) => {
      const target = rollableUntil(clock.now())
      let from = await rolledUntil(tx, true)
      if (from === null) {
        const first = await tx.execute<{ day: string | null }>(
          sql`select (min(occurred_at) at time zone 'UTC')::date::text as day from transfer_events`,
        )
        from = first.rows[0]?.day ?? null
        if (from === null) return 0
      }
      if (from >= target) return 0
      const to = [dayAfter(from, daysPerTransaction), target].sort()[0]!
      await rollDays(tx, from, to)
      await tx.execute(sql`update transfer_event_rollup set rolled_until = ${to}::date`)
      return Math.round((startOf(to).getTime() - startOf(from).getTime()) / dayMs)
    })
  }

  return {
    rolledUntil: () => rolledUntil(),
    /** Rolls every complete day not rolled yet; answers how many days it rolled. */
    async rollUp(): Promise<{ days: number }> {
      let days = 0
      for (let rolled = await rollNext(); rolled > 0; rolled = await rollNext()) days += rolled
      return { days }
    },
  }
}

export type EventRollup = ReturnType<typeof createEventRollup>
