import { createHmac } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'

/**
 * What the event log keeps of a client's address (issue 21): the network it came from, never the
 * address itself, and a keyed hash that tells two events of one address apart from others without
 * revealing it (the key is a secret in the database, so the hash cannot be reversed by trying every
 * IPv4 address). Both are dropped after 30 days.
 */
export interface KeptAddress {
  /** `203.0.113.0/24` or `2001:db8:1234::/48`. */
  prefix: string
  /** HMAC-SHA256 of the full address, hex. */
  hash: string
}

/** An IPv4 address mapped into IPv6 (`::ffff:203.0.113.7`), as Node reports dual-stack clients. */
const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i

/** The address as one form: a mapped IPv4 address as IPv4, so both spellings hash alike. */
export function canonicalAddress(address: string): string | null {
  const trimmed = address.trim()
  const mapped = mappedV4.exec(trimmed)
  const plain = mapped ? mapped[1]! : trimmed
  if (isIPv4(plain)) return plain
  if (isIPv6(plain)) return expandIPv6(plain)
  return null
}

/** The eight groups of an IPv6 address, each four hex digits, lower case (`::` expanded). */
function expandIPv6(address: string): string {
  const withoutZone = address.split('%')[0]!.toLowerCase()
  // An embedded IPv4 tail (::1.2.3.4) becomes its two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(withoutZone)
  let text = withoutZone
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number]
    text = `${withoutZone.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, rest] = text.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = rest ? rest.split(':') : []
  const zeros = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((g) => g.padStart(4, '0')).join(':')
}

/** The /24 of an IPv4 address or the /48 of an IPv6 one; null for anything that is not an address. */
export function truncateAddress(address: string): string | null {
  const canonical = canonicalAddress(address)
  if (!canonical) return null
  if (isIPv4(canonical)) return `${canonical.split('.').slice(0, 3).join('.')}.0/24`
  const groups = canonical
    .split(':')
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
  return `${groups.join(':')}::/48`
}

/** The keyed hash of the full address (its canonical form), or null for anything that is not an address. */
export function hashAddress(address: string, key: string): string | null {
  const canonical = canonicalAddress(address)
  return canonical ? createHmac('sha256', key).update(canonical).digest('hex') : null
}

/** Prefix and hash of an address, or null when it is not one. */
export function keepAddress(address: string, key: string): KeptAddress | null {
  const prefix = truncateAddress(address)
  const hash = hashAddress(address, key)
  return prefix && hash ? { prefix, hash } : null
}
