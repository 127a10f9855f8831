import type { FastifyRequest } from 'fastify'
import { classifyUserAgent, lazyCountryLookup } from '../../analytics/index.js'
import { deviceLabel } from '../two-factor/device-label.js'

/** What a session's owner sees of the browser that opened it. */
export interface SessionClient {
  label: string
  device: string
  country: string
}

// One offline country database per process, loaded at the first sign-in (as the event log does).
const countryOf = lazyCountryLookup()

/**
 * The browser signing in, for the list of sessions: "Firefox on Linux", the device class from the
 * analytics parser, and the country of its address (offline, approximate; `unknown` on failure).
 */
export async function sessionClientOf(request: FastifyRequest): Promise<SessionClient> {
  const userAgent = request.headers['user-agent']
  return {
    label: deviceLabel(userAgent),
    device: classifyUserAgent(userAgent).device,
    country: await countryOf(request.ip).catch(() => 'unknown'),
  }
}
