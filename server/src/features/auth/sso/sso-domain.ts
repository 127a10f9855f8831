import { domainToASCII } from 'node:url'
import { ssoDomainTxtPrefix } from '@ferry/contracts/api/sso'

/** The domain of an address, lowercased; '' when it has none. */
export const emailDomainOf = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()

/**
 * An email domain as stored: lowercase ASCII (IDNA), at least two labels, no IP address; undefined
 * when it is not one.
 */
export function normalizeEmailDomain(input: string): string | undefined {
  const ascii = domainToASCII(input.trim().replace(/^@/, '').replace(/\.$/, '').toLowerCase())
  if (!ascii || ascii.length > 253) return undefined
  const labels = ascii.split('.')
  if (labels.length < 2 || labels.some((l) => !/^[a-z0-9-]{1,63}$/.test(l) || l.startsWith('-') || l.endsWith('-'))) {
    return undefined
  }
  if (/^[0-9]+$/.test(labels.at(-1) ?? '')) return undefined
  return ascii
}

export const ssoTxtName = (domain: string) => `${ssoDomainTxtPrefix}.${domain}`
export const ssoTxtValue = (token: string) => `ferry-sso=${token}`
