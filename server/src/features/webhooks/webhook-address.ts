import dns from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { AppError } from '../../errors.js'

/**
 * Addresses a webhook may not reach unless the operator allows it (WEBHOOKS_ALLOW_PRIVATE): this
 * machine, private and shared networks, link-local (cloud metadata at 169.254.169.254), multicast
 * and reserved ranges. Otherwise any user could make Ferry call into the network it runs in (SSRF).
 */
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

/** Whether an IP address is one a webhook may not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family !== 6) return true
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return blocked.check(mapped[1]!, 'ipv4')
  return blocked.check(address, 'ipv6')
}

const notAllowed = () => new AppError('webhook_url_not_allowed', 400)

/** The host of a URL as `dns.lookup` and `isIP` take it (IPv6 literals lose their brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

/**
 * When an endpoint is saved: 400 `webhook_url_not_allowed` when its host is, or resolves to, a
 * private address; 400 `webhook_url_unresolvable` when it resolves to nothing. Delivery checks
 * again, at connection time, since a name may resolve elsewhere later.
 */
export async function assertWebhookUrlAllowed(raw: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return
  const host = hostOf(new URL(raw))
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw notAllowed()
    return
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw notAllowed()
  let addresses: dns.LookupAddress[]
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true })
  } catch {
    throw new AppError('webhook_url_unresolvable', 400)
  }
  if (addresses.length === 0) throw new AppError('webhook_url_unresolvable', 400)
  if (addresses.some((a) => isPrivateAddress(a.address))) throw notAllowed()
}

/** The error a delivery fails with when its host leads to a private address. */
export class PrivateAddressError extends Error {
  readonly code = 'EWEBHOOKPRIVATE'
  constructor(host: string) {
    super(`${host} leads to a private address, which webhooks may not reach`)
  }
}

/**
 * A `lookup` for the HTTP request of a delivery: resolves the host and refuses private addresses
 * at connection time, so the address checked is the address connected to (no DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new PrivateAddressError(hostname), { errno: 0, syscall: 'lookup' }), [])
      }
      if (options.all) return callback(null, addresses)
      const first = addresses[0]
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), [])
      return (callback as (e: null, address: string, family: number) => void)(null, first.address, first.family)
    })
  }
}

/** Before connecting: a URL whose host is an IP literal never goes through lookup, so it is checked here. */
export function literalHostRefused(url: URL, allowPrivate: boolean): boolean {
  const host = hostOf(url)
  return !allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)
}
