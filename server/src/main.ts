import { randomBytes } from 'node:crypto'
import v8 from 'node:v8'
import { appJobHandlers, appJobs, buildApp } from './app.js'
import { createServices } from './composition.js'
import { ConfigError, loadConfig, startProblem } from './config.js'
import { createDeps } from './deps.js'
import { startJobs } from './jobs/job-runner.js'
import { startJobWorker } from './jobs/job-worker.js'
import { createLogger } from './logger.js'
import { startSftp } from './sftp/sftp-server.js'

// V8 sets the old generation's next GC at its live size times a factor it derives from GC
// speed. With Ferry's small live heap (about 32 MB) under steady load the factor settled near
// 1.35, and an instance ran a 15–25 ms major GC every second. A fixed factor of 2 (read at each
// GC, so it can be set here) leaves about one a minute, for the same peak RSS (bench:load).
v8.setFlagsFromString('--heap-growing-percent=100')

async function main() {
  const config = loadConfig()
  const problem = startProblem(config)
  if (problem) throw problem
  const logger = createLogger(config)
  const started = performance.now()
  const deps = await createDeps(config, logger)
  const services = await createServices(deps)
  const app = await buildApp(deps, services)
  await app.listen({ host: config.host, port: config.port })
  const worker = startJobWorker(
    { queue: services.jobQueue, clock: deps.clock, events: deps.events, logger },
    appJobHandlers(deps, services),
    // Named after the instance, and unique per process: a restart never answers for its predecessor's jobs.
    { holder: `${config.instanceId}:${randomBytes(4).toString('hex')}` },
  )
  // Beside HTTP, on SFTP_PORT (0 turns it off): read-only SFTP logins to transfers (sftp_download).
  const sftp = config.sftp.port ? await startSftp(deps, services.sftp) : undefined
  const { jobIntervalMs } = config
  const jobs = startJobs(
    deps,
    appJobs(deps, services).map((job) => (jobIntervalMs ? { ...job, intervalMs: jobIntervalMs } : job)),
  )
  logger.info(
    {
      url: config.publicUrl,
      sftpPort: sftp?.port ?? null,
      startMs: Math.round(performance.now() - started),
      rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
    },
    'Ferry is ready',
  )

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'Shutting down: finishing requests in flight')
    const force = setTimeout(() => {
      logger.error('Requests did not finish in time; exiting')
      process.exit(1)
    }, config.shutdownTimeoutMs)
    force.unref()
    await Promise.all([app.close(), jobs.stop(), worker.stop(), sftp?.close()])
    await deps.close()
    logger.info('Stopped')
    process.exit(0)
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
