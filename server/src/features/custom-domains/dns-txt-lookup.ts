import { Resolver } from 'node:dns/promises'

/** What one lookup of a TXT record found. */
export type TxtLookup =
  | { outcome: 'found'; values: string[] }
  /** The name has no TXT record (NXDOMAIN or no data): the proof is absent. */
  | { outcome: 'missing' }
  /** The resolver did not answer or failed: nothing is known, so nothing should change. */
  | { outcome: 'unreachable'; error: string }

export type TxtLookupFn = (name: string) => Promise<TxtLookup>

const absent = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME'])

/**
 * TXT lookups through `servers` (`ip[:port]`; empty: the system's resolvers), with a short
 * timeout and two tries, so one slow answer never holds a job tick for long. A record split into
 * several strings is joined, as DNS clients do.
 */
export function createTxtLookup(servers: readonly string[], timeoutMs = 3000): TxtLookupFn {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 })
  if (servers.length > 0) resolver.setServers([...servers])
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name)
      return { outcome: 'found', values: records.map((chunks) => chunks.join('')) }
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'EUNKNOWN'
      return absent.has(code) ? { outcome: 'missing' } : { outcome: 'unreachable', error: code }
    }
  }
}
