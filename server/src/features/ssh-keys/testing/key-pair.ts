import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** A fresh key pair made by OpenSSH's ssh-keygen: the private key's file, the public line, its fingerprint. */
export async function makeKeyPair(type: 'ed25519' | 'ecdsa' | 'rsa' = 'ed25519', bits?: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-ssh-key-'))
  const identity = path.join(dir, 'id')
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    type,
    ...(bits ? ['-b', String(bits)] : []),
    '-N',
    '',
    '-C',
    'me@laptop',
    '-f',
    identity,
  ])
  const publicLine = (await fs.readFile(`${identity}.pub`, 'utf8')).trim()
  const fingerprint = execFileSync('ssh-keygen', ['-lf', `${identity}.pub`], { encoding: 'utf8' }).split(' ')[1]!
  return { identity, publicLine, fingerprint, remove: () => fs.rm(dir, { recursive: true, force: true }) }
}
