import { randomBytes } from 'node:crypto'

/**
 * A new object key: `uploads/yyyy/mm/<40 hex>`. Never derived from the file name, and
 * unguessable (160 random bits), so knowing a key is proof of having been handed it.
 */
export function newUploadKey(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `uploads/${now.getUTCFullYear()}/${month}/${randomBytes(20).toString('hex')}`
}

/**
 * Where a single-PUT upload's object goes when claimed: `files/yyyy/mm/<same 40 hex>`. No URL is
 * ever signed for such a key, so what a transfer holds cannot be replaced through a URL that was
 * handed out (H-1). Derived from the upload key, so a claim that rolled back after copying is
 * found again (and swept with its upload).
 */
export function claimedKeyOf(uploadKey: string): string {
  if (!uploadKey.startsWith('uploads/')) throw new TypeError(`Not an upload key: ${uploadKey}`)
  return `files/${uploadKey.slice('uploads/'.length)}`
}
