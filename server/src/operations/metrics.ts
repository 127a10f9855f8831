import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The process's Prometheus metrics. One registry per process (an instance is a process), made
 * on first use, so apps built again in one test process keep counting into the same series.
 */
function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'ferry_' })
  const registers = [registry]
  return {
    registry,
    httpRequests: new Counter({
      name: 'ferry_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'ferry_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route template and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    bytesUploaded: new Counter({
      name: 'ferry_bytes_uploaded_total',
      help: 'Request bytes Ferry received, by route (file bytes reach Ferry on the local driver; S3 uploads go straight to the bucket).',
      labelNames: ['route'] as const,
      registers,
    }),
    bytesDownloaded: new Counter({
      name: 'ferry_bytes_downloaded_total',
      help: 'Response bytes Ferry sent, by route.',
      labelNames: ['route'] as const,
      registers,
    }),
    roomSockets: new Gauge({
      name: 'ferry_room_sockets',
      help: 'Room WebSockets (room events and signalling) open on this instance.',
      registers,
    }),
    jobRuns: new Counter({
      name: 'ferry_job_runs_total',
      help: 'Periodic job ticks on this instance, by job and outcome: ok, error, or held_elsewhere (another instance held the lease).',
      labelNames: ['job', 'outcome'] as const,
      registers,
    }),
    jobItems: new Counter({
      name: 'ferry_job_items_total',
      help: 'What job runs on this instance reported (e.g. purged, failed, swept), by job and count name.',
      labelNames: ['job', 'count'] as const,
      registers,
    }),
    activeUploads: new Gauge({
      name: 'ferry_active_uploads',
      help: 'Uploads started and neither used in a transfer nor expired yet (all instances: read from the database).',
      registers,
    }),
    queueAge: new Gauge({
      name: 'ferry_queue_oldest_age_seconds',
      help: 'How long the oldest item due for a sweep has waited (0 when none), by queue (all instances).',
      labelNames: ['queue'] as const,
      registers,
    }),
    queuedJobRuns: new Counter({
      name: 'ferry_queued_job_runs_total',
      help: 'Tries of queued jobs (jobs/job-queue.ts) on this instance, by kind and outcome: ok, error (retried) or dead (given up).',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    queuedJobs: new Gauge({
      name: 'ferry_queued_jobs',
      help: 'Jobs in the queue by kind and state: queued, running or dead (all instances: read from the database).',
      labelNames: ['kind', 'state'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'ferry_job_duration_seconds',
      help: 'Time periodic job runs took, by job.',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers,
    }),
  }
}

let metrics: ReturnType<typeof createMetrics> | undefined

/** The process's metrics (made on first call). */
export function processMetrics() {
  metrics ??= createMetrics()
  return metrics
}

/** Call when a room WebSocket opens on this instance. */
export function roomSocketOpened(): void {
  processMetrics().roomSockets.inc()
}

/** Call when a room WebSocket that roomSocketOpened counted closes. */
export function roomSocketClosed(): void {
  processMetrics().roomSockets.dec()
}

/** Records one try of a queued job and its outcome. */
export function recordQueuedJob(kind: string, outcome: 'ok' | 'error' | 'dead', seconds: number): void {
  processMetrics().queuedJobRuns.inc({ kind, outcome })
  processMetrics().jobDuration.observe({ job: `queue:${kind}` }, seconds)
}

/** Records one periodic job run: its outcome, its duration and the numbers its result holds. */
export function recordJobRun(
  job: string,
  outcome: 'ok' | 'error' | 'held_elsewhere',
  seconds: number,
  result?: unknown,
): void {
  const m = processMetrics()
  m.jobRuns.inc({ job, outcome })
  if (outcome === 'held_elsewhere') return
  m.jobDuration.observe({ job }, seconds)
  if (typeof result === 'number') m.jobItems.inc({ job, count: 'items' }, result)
  else if (result && typeof result === 'object') {
    for (const [count, value] of Object.entries(result)) {
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) m.jobItems.inc({ job, count }, value)
    }
  }
}
