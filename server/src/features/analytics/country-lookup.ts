import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Reader } from 'mmdb-lib'
import { canonicalAddress } from './client-address.js'

/**
 * The country of a client address from an offline database bundled as an npm package
 * (`@ip-location-db/geo-whois-asn-country-mmdb`: registry, WHOIS and ASN data, CC BY 4.0 by NRO),
 * read with `mmdb-lib`. Nothing is asked over the network; a new release of the package is a
 * new database.
 */
export type CountryLookup = (address: string) => string

export const countryDatabasePath = () =>
  createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')

const alpha2 = /^[A-Z]{2}$/

/** A lookup over the database file (read once, about 8 MB): ISO 3166-1 alpha-2, or `unknown`. */
export async function loadCountryLookup(path = countryDatabasePath()): Promise<CountryLookup> {
  const reader = new Reader(await readFile(path))
  return (address) => {
    const canonical = canonicalAddress(address)
    if (!canonical) return 'unknown'
    try {
      // This database's records are `{ country_code }`, not MaxMind's own country shape.
      const record = reader.get(canonical) as { country_code?: unknown } | null
      const code = typeof record?.country_code === 'string' ? record.country_code.toUpperCase() : undefined
      return code && alpha2.test(code) ? code : 'unknown'
    } catch {
      return 'unknown'
    }
  }
}

/** One lookup per process, loaded on first use; a failed load is tried again next time. */
export function lazyCountryLookup(load: () => Promise<CountryLookup> = loadCountryLookup) {
  let lookup: Promise<CountryLookup> | undefined
  return async (address: string): Promise<string> => {
    lookup ??= load().catch((error) => {
      lookup = undefined
      throw error
    })
    return (await lookup)(address)
  }
}
