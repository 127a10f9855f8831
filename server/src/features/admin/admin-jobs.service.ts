import type { AdminJob, AdminJobList } from '@ferry/contracts/api/admin'
import type { PageRequest } from '@ferry/contracts/api/pagination'
import { AppError } from '../../errors.js'
import type { JobQueue, QueuedJobSummary } from '../../jobs/job-queue.js'

const toAdminJob = (job: QueuedJobSummary): AdminJob => ({
  id: job.id,
  kind: job.kind,
  state: job.state,
  attempts: job.attempts,
  max_attempts: job.maxAttempts,
  run_at: job.runAt.toISOString(),
  last_error: job.lastError,
  created_at: job.createdAt.toISOString(),
  updated_at: job.updatedAt.toISOString(),
})

/** The job queue as the admin console shows it (issue 19: "visible in the admin console"). */
export function createAdminJobsService(queue: Pick<JobQueue, 'page' | 'counts' | 'find' | 'retry'>) {
  return {
    async list(query: PageRequest & { state?: AdminJob['state']; kind?: string }): Promise<AdminJobList> {
      const [page, counts] = await Promise.all([
        queue.page({ state: query.state, kind: query.kind }, query),
        queue.counts(),
      ])
      return { ...page, items: page.items.map(toAdminJob), counts }
    },

    /** A dead job waits again, its tries reset; anything else is refused. */
    async retry(id: string): Promise<AdminJob> {
      if (!(await queue.retry(id))) {
        const job = await queue.find(id)
        if (!job) throw new AppError('job_not_found', 404)
        throw new AppError('job_not_retryable', 409)
      }
      const job = await queue.find(id)
      if (!job) throw new AppError('job_not_found', 404)
      return toAdminJob(job)
    },
  }
}

export type AdminJobsService = ReturnType<typeof createAdminJobsService>
