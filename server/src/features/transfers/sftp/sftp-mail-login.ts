import type { Deps } from '../../../deps.js'
import { cachedSecret } from '../../../secrets/secrets.js'
import type { LinkOrigins } from '../transfer-links.types.js'
import type { TransferRow } from '../transfer-rows.js'
import { sftpPassword, sftpUsername } from './sftp-credentials.js'

/** The SFTP login a recipient's email carries. */
export interface SftpMailLogin {
  host: string
  port: number
  username: string
  password: string
}

type MailedTransfer = Pick<TransferRow, 'uniqueId' | 'sftpInEmail' | 'cleanDataRoom' | 'userId'> &
  Parameters<typeof sftpPassword>[1]
type MailedRecipients = Parameters<typeof sftpPassword>[2]

/**
 * The transfer's SFTP login for its recipients' emails (issue 20 item 1), when its sender chose
 * that (`sftp_in_email`, checked against the plan when set) and this service runs SFTP
 * (`SFTP_PORT` not 0): the same login the sender's panel shows, derived, never stored.
 */
export function createSftpMailLogins(deps: Pick<Deps, 'config' | 'database'> & { links?: LinkOrigins }) {
  const secret = cachedSecret(deps.database.db, 'sftp-credentials')
  return async (transfer: MailedTransfer, recipients: MailedRecipients): Promise<SftpMailLogin | undefined> => {
    const { port } = deps.config.sftp
    // A data room's recipients never get a way to the bytes.
    if (!transfer.sftpInEmail || transfer.cleanDataRoom || port === 0) return undefined
    const host = deps.links && transfer.userId ? await deps.links.sftpHost(transfer.userId) : deps.config.sftp.host
    return {
      host,
      port,
      username: sftpUsername(transfer),
      password: sftpPassword(await secret(), transfer, recipients),
    }
  }
}
