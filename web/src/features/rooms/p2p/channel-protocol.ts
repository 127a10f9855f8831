/** spec/transfers.md §9: the size of each data-channel message carrying file bytes. */
export const chunkSize = 16384

/**
 * Bytes read from the File at a time (hashed, then sent as `chunkSize` messages); also the
 * block of the file hash (block-hash-list.ts), so both peers cut blocks here by byte offset.
 */
export const readBlockSize = 1024 * 1024

/** Backpressure: stop sending above `highWaterMark` buffered bytes, resume at `lowWaterMark`. */
export const highWaterMark = 4 * 1024 * 1024
export const lowWaterMark = 1024 * 1024

/** Why a peer transfer ended without success; the UI shows it as 'Transfer failed: {reason}'. */
export const transferFailures = [
  'connection_failed',
  'timeout',
  'closed',
  'size_mismatch',
  'hash_mismatch',
  'read_failed',
  'write_failed',
  'canceled',
] as const
export type TransferFailure = (typeof transferFailures)[number]

/**
 * Control messages on the data channel, sent as JSON text beside the binary chunks: the
 * sender's `end` announces size and file hash after the last chunk (the channel is ordered):
 * `sha256` is SHA-256 over the SHA-256 digests of the file's `readBlockSize` blocks
 * (block-hash-list.ts), not of the file as one stream, so each block takes the native digest; the
 * receiver answers `ok` once it verified and stored the file or `fail`; either side may `cancel`.
 */
export type ControlMessage =
  | { t: 'end'; size: number; sha256: string }
  | { t: 'ok' }
  | { t: 'fail'; reason: TransferFailure }
  | { t: 'cancel' }

const isFailure = (value: unknown): value is TransferFailure =>
  typeof value === 'string' && (transferFailures as readonly string[]).includes(value)

/** Parses a text message from the peer; null for anything that is not a well-formed control message. */
export function parseControl(text: string): ControlMessage | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const message = value as Record<string, unknown>
  switch (message.t) {
    case 'end':
      return Number.isSafeInteger(message.size) &&
        (message.size as number) >= 0 &&
        typeof message.sha256 === 'string' &&
        /^[0-9a-f]{64}$/.test(message.sha256)
        ? { t: 'end', size: message.size as number, sha256: message.sha256 }
        : null
    case 'ok':
      return { t: 'ok' }
    case 'cancel':
      return { t: 'cancel' }
    case 'fail':
      return isFailure(message.reason) ? { t: 'fail', reason: message.reason } : null
    default:
      return null
  }
}

export const encodeControl = (message: ControlMessage): string => JSON.stringify(message)

/** Whether what arrived is the file the sender announced. */
export function verifyEnd(
  announced: { size: number; sha256: string },
  received: { size: number; sha256: string },
  expectedSize: number,
): TransferFailure | null {
  if (announced.size !== expectedSize || received.size !== announced.size) return 'size_mismatch'
  if (received.sha256 !== announced.sha256) return 'hash_mismatch'
  return null
}
