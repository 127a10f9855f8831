/** What the custom-domains feature publishes: TXT lookups through the configured resolver (DNS_RESOLVER). */
export { createTxtLookup, type TxtLookup, type TxtLookupFn } from './dns-txt-lookup.js'
