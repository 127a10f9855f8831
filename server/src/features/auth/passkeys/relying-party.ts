import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'
import type { Config } from '../../../config.js'

/** Who the passkeys are for: the origin the browser must be on, and the RP ID (its host name). */
export interface RelyingParty {
  origin: string
  rpID: string
}

const isIpHost = (hostname: string) => isIP(hostname.replace(/^\[|\]$/g, '')) !== 0

/**
 * The relying party of a request, as links are made (decision 0011): PUBLIC_URL when it is set,
 * otherwise the origin the browser used (behind a proxy, only as TRUST_PROXY allows). Browsers
 * refuse passkeys on an IP address (an RP ID must be a domain), so a PUBLIC_URL such as
 * http://192.168.1.5:3000 cannot hold them: there, too, passkeys follow the browser's origin
 * (reached as http://localhost:3000 or by a name). A passkey is bound to the RP ID it was made
 * for, so a service reached under several names keeps each name's passkeys apart.
 */
export function relyingPartyOf(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>,
): RelyingParty {
  const configured = config.publicUrlConfigured ? new URL(config.publicUrl) : undefined
  const origin =
    configured && !isIpHost(configured.hostname) ? configured.origin : `${request.protocol}://${request.host}`
  return { origin, rpID: new URL(origin).hostname }
}
