import { z } from 'zod'

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
