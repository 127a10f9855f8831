import { createHash } from 'node:crypto'
// ssh2 is CommonJS: Node's ESM loader (the built server) sees only its default export.
import ssh2 from 'ssh2'
import type { Db } from '../db/database.js'
import { loadOrCreateValue } from './secrets.js'

export interface SftpHostKey {
  /** The private key, in OpenSSH's format, as ssh2's server takes it. */
  privateKey: string
  /** `SHA256:…`, as `ssh` prints the fingerprint of the key it is shown. */
  fingerprint: string
}

/**
 * The SFTP server's host key: an Ed25519 key made by the first instance that asks and kept in the
 * database, so every instance presents the same key and clients never see it change (a changed
 * host key makes OpenSSH refuse to connect).
 */
export async function loadOrCreateSftpHostKey(db: Db): Promise<SftpHostKey> {
  const privateKey = await loadOrCreateValue(
    db,
    'sftp-host-key',
    () => ssh2.utils.generateKeyPairSync('ed25519').private,
  )
  const parsed = ssh2.utils.parseKey(privateKey)
  if (parsed instanceof Error) throw parsed
  const blob = parsed.getPublicSSH()
  const digest = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')
  return { privateKey, fingerprint: `SHA256:${digest}` }
}
