import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** A queued job's life: waiting (first try or a retry), taken by a worker, or given up on. */
export type QueuedJobState = 'queued' | 'running' | 'dead'

/**
 * The job queue (jobs/job-queue.ts, docs/decisions/0017): one row per piece of work to do once,
 * somewhere in the cluster (derivatives of an upload, later scans, webhook deliveries). A row is
 * deleted when its job succeeds; a job that failed `max_attempts` times stays, `dead`, for an
 * admin to read and retry.
 */
export const queuedJobs = pgTable(
  'queued_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which handler runs it, e.g. 'file-derivatives'. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** At most one live job per key (e.g. one derivatives job per file); null for none. */
    dedupeKey: text('dedupe_key').unique(),
    state: text('state').$type<QueuedJobState>().notNull().default('queued'),
    /** Tries started so far (a try whose instance died counts). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Not taken before this time: the enqueue time, or the back-off after a failure. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** The instance running it, and until when; a lease past its time may be taken by another. */
    leaseHolder: text('lease_holder'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('queued_jobs_state_check', sql`${t.state} in ('queued', 'running', 'dead')`),
    check('queued_jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    index('queued_jobs_due_idx').on(t.state, t.runAt),
  ],
)
