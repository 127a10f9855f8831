import { pino } from 'pino'
import type { Config } from './config.js'

/** Structured JSON logs; readable lines in development. */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'>) {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(config.env === 'development' ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  })
}
