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
 * A new Ed25519 host key that ssh2 can read back. ssh2 1.17 strips the leading zero bytes of an
 * Ed25519 public key it generates (mscdex/ssh2#1513), so about one key in 256 cannot be parsed:
 * kept in the database, such a key would stop SFTP on every instance for good. Another is made.
 */
export function newHostKey(generate = () => ssh2.utils.generateKeyPairSync('ed25519').private): string {
  for (let attempt = 1; ; attempt++) {
    const key = generate()
    if (!(ssh2.utils.parseKey(key) instanceof Error)) return key
    if (attempt >= 64) throw new Error('ssh2 made 64 Ed25519 keys in a row that it cannot read')
  }
}

/**
 * The SFTP server's host key: an Ed25519 key made by the first instance that asks and kept in the
 * database, so every instance presents the same key and clients never see it change (a changed
 * host key makes OpenSSH refuse to connect).
 */
export async function loadOrCreateSftpHostKey(db: Db): Promise<SftpHostKey> {
  const privateKey = await loadOrCreateValue(db, 'sftp-host-key', newHostKey)
  const parsed = ssh2.utils.parseKey(privateKey)
  if (parsed instanceof Error) throw parsed
  const blob = parsed.getPublicSSH()
  const digest = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')
  return { privateKey, fingerprint: `SHA256:${digest}` }
}
