import { createHash } from 'node:crypto'
import { maxSshKeysPerAccount, type SshKey } from '@ferry/contracts/api/sftp'
// ssh2 is CommonJS: Node's ESM loader (the built server) sees only its default export.
import ssh2 from 'ssh2'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { UserRecord } from '../users/users.types.js'
import { createSshKeysRepository, type SshKeyRow } from './ssh-keys.repository.js'

const { parseKey } = ssh2.utils

/** Key types Ferry accepts: what current OpenSSH makes, without DSA (broken) or RSA under 2048 bits. */
const acceptedTypes = new Set([
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'ssh-rsa',
])
const minRsaBits = 2048

/** `SHA256:…` of a key's SSH blob, as `ssh-keygen -l` and OpenSSH's clients print it. */
export const sshFingerprint = (blob: Buffer) =>
  `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`

/** The bit length of an ssh-rsa blob's modulus (string type, mpint e, mpint n). */
function rsaBits(blob: Buffer): number {
  let at = 0
  const next = () => {
    const length = blob.readUInt32BE(at)
    const value = blob.subarray(at + 4, at + 4 + length)
    at += 4 + length
    return value
  }
  next() // type
  next() // e
  const n = next()
  let first = 0
  while (first < n.length && n[first] === 0) first++
  return (n.length - first) * 8
}

/** The public key in one line of a `.pub` file, or a 422 saying what is wrong with it. */
function parsePublicKey(text: string): { type: string; blob: Buffer } {
  if (/PRIVATE KEY/.test(text)) throw new AppError('ssh_key_private', 422)
  if (/[\r\n]/.test(text.trim())) throw new AppError('ssh_key_invalid', 422)
  const parsed = parseKey(text)
  const key = Array.isArray(parsed) ? parsed[0] : parsed
  if (!key || key instanceof Error) throw new AppError('ssh_key_invalid', 422)
  if (key.isPrivateKey()) throw new AppError('ssh_key_private', 422)
  const blob = key.getPublicSSH()
  if (!acceptedTypes.has(key.type)) throw new AppError('ssh_key_invalid', 422)
  if (key.type === 'ssh-rsa' && rsaBits(blob) < minRsaBits) throw new AppError('ssh_key_invalid', 422)
  return { type: key.type, blob }
}

function toSshKey(row: SshKeyRow): SshKey {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    fingerprint: row.fingerprint,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }
}

/** What an SSH client offers at sign-in: the key's type and blob, and (once it proves it) a signature. */
export interface OfferedKey {
  algo: string
  data: Buffer
  /** Absent when the client only asks whether the key would be accepted. */
  signature?: { blob: Buffer; signature: Buffer; hashAlgo?: string }
}

/**
 * SSH public keys on a profile (issue 20 item 1): the alternative to a transfer's SFTP password.
 * Only public keys are kept (a pasted private key is refused and dropped), matched at sign-in by
 * their exact blob, and a signature is checked with the stored key.
 */
export function createSshKeysService(deps: Pick<Deps, 'clock' | 'database' | 'logger'>) {
  const repo = createSshKeysRepository(deps.database.db)
  return {
    async list(user: UserRecord): Promise<{ keys: SshKey[] }> {
      return { keys: (await repo.listOf(user.id)).map(toSshKey) }
    },

    async create(user: UserRecord, input: { name: string; public_key: string }): Promise<SshKey> {
      const { type, blob } = parsePublicKey(input.public_key)
      if ((await repo.countOf(user.id)) >= maxSshKeysPerAccount) throw new AppError('ssh_keys_too_many', 409)
      const row = await repo.insert({
        userId: user.id,
        name: input.name,
        type,
        publicKey: blob.toString('base64'),
        fingerprint: sshFingerprint(blob),
      })
      if (!row) throw new AppError('ssh_key_exists', 409)
      return toSshKey(row)
    },

    async remove(user: UserRecord, id: string): Promise<void> {
      if (!(await repo.delete(user.id, id))) throw new AppError('ssh_key_not_found', 404)
    },

    /**
     * Whether `offered` is one of the user's keys and, when it carries a signature, whether the
     * signature is the key's: 'accepted' (signed), 'known' (a key query), or 'refused'.
     */
    async check(userId: string, offered: OfferedKey): Promise<'accepted' | 'known' | 'refused'> {
      const row = await repo.find(userId, offered.data.toString('base64'))
      if (!row || row.type !== offered.algo.replace(/^rsa-sha2-(256|512)$/, 'ssh-rsa')) return 'refused'
      if (!offered.signature) return 'known'
      const key = parseKey(`${row.type} ${row.publicKey}`)
      const parsed = Array.isArray(key) ? key[0] : key
      if (!parsed || parsed instanceof Error) return 'refused'
      const { blob, signature, hashAlgo } = offered.signature
      if (parsed.verify(blob, signature, hashAlgo) !== true) return 'refused'
      await repo.touch(row.id, deps.clock.now())
      return 'accepted'
    },

    /** Whether the key (its blob) is still on the user's profile: a removed key ends its sessions. */
    async stillHas(userId: string, data: Buffer): Promise<boolean> {
      return !!(await repo.find(userId, data.toString('base64')))
    },
  }
}

export type SshKeysService = ReturnType<typeof createSshKeysService>
