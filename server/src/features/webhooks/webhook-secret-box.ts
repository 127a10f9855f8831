import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Seals webhook signing secrets for the database: AES-256-GCM under a key derived from the
 * generated `webhook-secrets` app secret (secrets/secrets.ts). A signing secret has to be read back
 * to sign, so it cannot be hashed like an API key; sealed, a copy of the endpoints table alone
 * (an export, a log of rows) yields no secret. `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createSecretBox(masterSecret: string) {
  const key = createHash('sha256').update(`ferry webhook secrets\0${masterSecret}`).digest()
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed webhook secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

export type SecretBox = ReturnType<typeof createSecretBox>
