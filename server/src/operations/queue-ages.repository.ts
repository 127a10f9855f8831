import { sql } from 'drizzle-orm'
import type { Db } from '../db/database.js'

export interface QueueFigures {
  activeUploads: number
  /** Seconds the oldest item due for each sweep has waited; 0 when nothing is due. */
  oldestAgeSeconds: { pending_uploads: number; expired_transfers: number; received_files: number }
  /** The job queue's jobs by kind and state. */
  queuedJobs: { kind: string; state: string; count: number }[]
}

const seconds = (value: unknown) => Math.max(0, Number(value ?? 0))

/** What the sweepers have waiting, measured with the database's clock. */
export async function readQueueFigures(db: Db): Promise<QueueFigures> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select
      (select count(*) from pending_uploads where status <> 'claimed' and expires_at > now()) as active_uploads,
      (select extract(epoch from now() - min(expires_at)) from pending_uploads
        where status <> 'claimed' and expires_at <= now()) as pending_uploads,
      (select extract(epoch from now() - min(least(coalesce(deleted_at, purge_after), purge_after))) from transfers
        where files_deleted_at is null and (deleted_at is not null or purge_after <= now())) as expired_transfers,
      (select extract(epoch from now() - min(purge_after)) from received_groups
        where files_deleted_at is null and purge_after <= now()) as received_files
  `)
  const row = result.rows[0] ?? {}
  const jobs = await db.execute<{ kind: string; state: string; count: unknown }>(
    sql`select kind, state, count(*) as count from queued_jobs group by kind, state`,
  )
  return {
    queuedJobs: jobs.rows.map((job) => ({ kind: job.kind, state: job.state, count: Number(job.count) })),
    activeUploads: Number(row.active_uploads ?? 0),
    oldestAgeSeconds: {
      pending_uploads: seconds(row.pending_uploads),
      expired_transfers: seconds(row.expired_transfers),
      received_files: seconds(row.received_files),
    },
  }
}
