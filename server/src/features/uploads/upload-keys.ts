import { randomBytes } from 'node:crypto'

/**
 * A new object key: `uploads/yyyy/mm/<40 hex>`. Never derived from the file name, and
 * unguessable (160 random bits), so knowing a key is proof of having been handed it.
 */
export function newUploadKey(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `uploads/${now.getUTCFullYear()}/${month}/${randomBytes(20).toString('hex')}`
}
