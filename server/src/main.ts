import { appJobs, buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
import { createDeps } from './deps.js'
import { startJobs } from './jobs/job-runner.js'
import { createLogger } from './logger.js'

async function main() {
  const config = loadConfig()
  const logger = createLogger(config)
  const started = performance.now()
  const deps = await createDeps(config, logger)
  const app = await buildApp(deps)
  await app.listen({ host: config.host, port: config.port })
  const { jobIntervalMs } = config
  const jobs = startJobs(
    deps,
    appJobs(deps).map((job) => (jobIntervalMs ? { ...job, intervalMs: jobIntervalMs } : job)),
  )
  logger.info(
    {
      url: config.publicUrl,
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
    await Promise.all([app.close(), jobs.stop()])
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
