import { z } from 'zod'
import { plainText } from '../domain/text.js'

/**
 * GET /api/transfers/{id}/sftp: the transfer's read-only SFTP login (plan flag sftp_download).
 * The password is derived from the transfer and its locks, so it changes (and the old one stops)
 * when the transfer's password changes; it stops with the transfer.
 */
export const transferSftpResponse = z.object({
  host: z.string(),
  port: z.int(),
  username: z.string(),
  password: z.string(),
  /** SHA256 fingerprint of the server's host key, as `ssh` prints it, to check on first connect. */
  host_key_fingerprint: z.string(),
})
export type TransferSftpResponse = z.infer<typeof transferSftpResponse>

/** The most SSH public keys one account holds at once. */
export const maxSshKeysPerAccount = 20
export const sshKeyNameMaxLength = 100

/**
 * POST /api/account/ssh-keys: an SSH public key (one line of a `.pub` file) that opens the
 * SFTP logins of the account's transfers instead of their passwords. The server parses it; a
 * private key or anything else is refused (422).
 */
export const sshKeyCreateRequest = z.object({
  name: plainText(
    z
      .string()
      .trim()
      .min(1, 'Please give the key a name.')
      .max(sshKeyNameMaxLength, `The name must be at most ${sshKeyNameMaxLength} characters.`),
    'The name',
    { shown: true },
  ),
  public_key: z
    .string()
    .trim()
    .min(1, 'Please paste your SSH public key.')
    .max(16_384, 'This is too long for an SSH public key.'),
})
export type SshKeyCreateRequest = z.input<typeof sshKeyCreateRequest>

const isoDate = z.iso.datetime({ offset: true })

/** One key as the profile lists it: its type and SHA256 fingerprint, as `ssh-keygen -l` prints them. */
export const sshKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`… */
  type: z.string(),
  /** `SHA256:…` */
  fingerprint: z.string(),
  created_at: isoDate,
  last_used_at: isoDate.nullable(),
})
export type SshKey = z.infer<typeof sshKeySchema>

export const sshKeyListResponse = z.object({ keys: z.array(sshKeySchema) })
export type SshKeyListResponse = z.infer<typeof sshKeyListResponse>

export const sshKeyIdParams = z.object({ id: z.uuid('Not an SSH key id.') })
