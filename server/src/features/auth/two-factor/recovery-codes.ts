import { createHmac, randomInt } from 'node:crypto'
import { recoveryCodeCount } from '@ferry/contracts/api/two-factor'

// Crockford-like lower-case alphabet without look-alikes (no i, l, o, u).
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz'
const groupLength = 5

/** Ten new codes, `xxxxx-xxxxx`: 50 random bits each, too many to guess within any rate limit. */
export function newRecoveryCodes(count = recoveryCodeCount): string[] {
  const group = () => Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join('')
  return Array.from({ length: count }, () => `${group()}-${group()}`)
}

/** How a typed code is compared: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '')
}

/**
 * The stored form: HMAC-SHA256 under a key kept in the database (app_secrets). The codes are
 * random and high-entropy, so a slow hash would add nothing but cost; the key means a copy of
 * the table alone does not even allow an offline search.
 */
export function hashRecoveryCode(key: string, code: string): string {
  return createHmac('sha256', key).update(normaliseRecoveryCode(code)).digest('hex')
}
