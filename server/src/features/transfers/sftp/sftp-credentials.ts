import { createHmac, timingSafeEqual } from 'node:crypto'
import { locksOf } from '../access/transfer-access.js'
import type { TransferRow } from '../transfer-rows.js'

/** What the password depends on: the transfer, and whatever its locks are made of. */
type Locked = Pick<TransferRow, 'id'> & Parameters<typeof locksOf>[0]
/** The transfer's current recipients: they are a lock's proofs when it is open only to them. */
type LockRecipients = Parameters<typeof locksOf>[1]

/** Characters of the derived password: 24 of base64url, 144 bits. */
const passwordLength = 24

/**
 * A transfer's SFTP password, derived rather than stored: an HMAC of the transfer's id and of the
 * proofs of its locks (access/transfer-access.ts). Nothing per transfer is kept, the sender can
 * read it again at any time, and it changes, so the old one stops on every instance at once, when
 * the transfer's password is set, changed or removed, when it becomes open only to its recipients
 * (or stops being), and, while it is, when its recipient list changes: a removed recipient's
 * login stops with their link.
 */
export function sftpPassword(secret: string, transfer: Locked, recipients: LockRecipients): string {
  const locks = locksOf(transfer, recipients)
    .map((lock) => `${lock.kind}:${lock.proofs.join('|')}`)
    .join(',')
  return createHmac('sha256', secret)
    .update(`sftp\n${transfer.id}\n${locks}`)
    .digest('base64url')
    .slice(0, passwordLength)
}

/** Whether `given` is the transfer's SFTP password, compared in constant time. */
export function isSftpPassword(secret: string, transfer: Locked, recipients: LockRecipients, given: string): boolean {
  const expected = Buffer.from(sftpPassword(secret, transfer, recipients))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * Prefixed to the share id in a user name: a share id may start with '-', which `sftp -P port
 * user@host` reads as an option, so the command Ferry shows would fail as typed.
 */
const usernamePrefix = 'ferry-'

/** The SFTP user name of a transfer: its share id, which the sender's links already show, prefixed. */
export const sftpUsername = (transfer: Pick<TransferRow, 'uniqueId'>) => `${usernamePrefix}${transfer.uniqueId}`

/**
 * The share id an SFTP user name names. A bare share id (the user name before the prefix) still
 * names its transfer, so logins sent before keep working.
 */
export const shareIdOfSftpUsername = (username: string) =>
  username.startsWith(usernamePrefix) ? username.slice(usernamePrefix.length) : username
