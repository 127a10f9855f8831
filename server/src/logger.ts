import type { DestinationStream } from 'pino'
import { pino } from 'pino'
import type { Config } from './config.js'
import { serializeError } from './operations/log-serializers.js'

/**
 * Structured JSON logs; readable lines in development. Requests are logged by their route
 * template (operations/request-tracking.ts), and errors without the values bound to a failed query.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'>, destination?: DestinationStream) {
  return pino(
    {
      level: config.logLevel,
      serializers: { err: serializeError },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(config.env === 'development' && !destination
        ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
        : {}),
    },
    destination,
  )
}
