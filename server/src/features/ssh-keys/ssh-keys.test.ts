import { afterAll, describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { bearer } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { makeKeyPair } from './testing/key-pair.js'
import { addSshKey } from './testing/ssh-keys-test-kit.js'

// Issue 20 item 1: SSH public keys on the profile, for SFTP sign-in instead of a transfer's password.

const ed25519 = await makeKeyPair('ed25519')
const rsaWeak = await makeKeyPair('rsa', 1024)
afterAll(async () => {
  await ed25519.remove()
  await rsaWeak.remove()
})

await forEachStack((getApp) => {
  describe('SSH keys on the profile', () => {
    it('adds a public key with the fingerprint ssh-keygen prints, lists it, and removes it', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const added = await addSshKey(app.api, user.token, ed25519.publicLine, 'Work laptop')
      const key = (await added.json()) as Record<string, unknown>
      expect(added.status, JSON.stringify(key)).toBe(201)
      expect(key).toMatchObject({ name: 'Work laptop', type: 'ssh-ed25519', fingerprint: ed25519.fingerprint })

      const list = await app.api('/api/account/ssh-keys', { headers: bearer(user.token) })
      expect(((await list.json()) as { keys: unknown[] }).keys).toEqual([key])

      // Another account cannot see or remove it.
      const other = await signUp(app, 'PREMIUM')
      const theirs = await app.api('/api/account/ssh-keys', { headers: bearer(other.token) })
      expect(((await theirs.json()) as { keys: unknown[] }).keys).toEqual([])
      const stolen = await app.api(`/api/account/ssh-keys/${key.id}`, {
        method: 'DELETE',
        headers: bearer(other.token),
      })
      expect(stolen.status).toBe(404)

      const removed = await app.api(`/api/account/ssh-keys/${key.id}`, {
        method: 'DELETE',
        headers: bearer(user.token),
      })
      expect(removed.status).toBe(204)
      const again = await app.api(`/api/account/ssh-keys/${key.id}`, { method: 'DELETE', headers: bearer(user.token) })
      expect(((await again.json()) as { code: string }).code).toBe('ssh_key_not_found')
    })

    it('refuses a private key, a weak RSA key, text that is no key, and the same key twice', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const codeOf = async (publicKey: string) => {
        const res = await addSshKey(app.api, user.token, publicKey)
        return { status: res.status, code: ((await res.json()) as { code: string }).code }
      }
      const privateText = await import('node:fs/promises').then((fs) => fs.readFile(ed25519.identity, 'utf8'))
      expect(await codeOf(privateText)).toEqual({ status: 422, code: 'ssh_key_private' })
      expect(await codeOf(rsaWeak.publicLine)).toEqual({ status: 422, code: 'ssh_key_invalid' })
      expect(await codeOf('ssh-ed25519 not-base64-at-all')).toEqual({ status: 422, code: 'ssh_key_invalid' })
      expect(await codeOf(`${ed25519.publicLine}\n${ed25519.publicLine}`)).toEqual({
        status: 422,
        code: 'ssh_key_invalid',
      })
      expect(await codeOf('')).toEqual({ status: 400, code: 'validation_failed' })
      expect((await addSshKey(app.api, user.token, ed25519.publicLine)).status).toBe(201)
      expect(await codeOf(ed25519.publicLine)).toEqual({ status: 409, code: 'ssh_key_exists' })
    })

    it('answers 401 before reading the body', async () => {
      const app = getApp()
      const res = await app.api('/api/account/ssh-keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{not json',
      })
      expect(res.status).toBe(401)
    })
  })
})
