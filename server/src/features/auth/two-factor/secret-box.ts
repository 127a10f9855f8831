import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const version = 'v1'

/**
 * AES-256-GCM sealing of small secrets at rest (the TOTP secrets). The key is 32 bytes; each
 * sealing has its own random 96-bit IV; `context` (the owner's id) is bound as associated data,
 * so a sealed value copied onto another row does not open.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('The secret box needs a 32-byte key')
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context))
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [version, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },

    /** The plain value; throws when it was tampered with, sealed for another context or another key. */
    open(sealed: string, context: string): string {
      const [v, iv, tag, data] = sealed.split('.')
      if (v !== version || !iv || !tag || data === undefined) throw new Error('Not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

export type SecretBox = ReturnType<typeof createSecretBox>
