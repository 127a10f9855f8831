/** spec/transfers.md §9: the size of each data-channel message carrying file bytes, the default and fallback. */
export const chunkSize = 16384

/**
 * The largest message the sender uses when both peers allow it (decision 0036): the channel's
 * own cost is the same per byte at 16, 64 or 256 KiB, but Ferry's is per message, so fewer,
 * larger messages raise the throughput. Kept at or under Chromium's 256 KiB max-message-size.
 */
export const preferredMessageSize = 256 * 1024

/**
 * The message size for a connection: `preferred` capped by the channel's maximum message size
 * (RTCSctpTransport.maxMessageSize, which is already the smaller of both peers' SDP
 * `a=max-message-size`), never below the spec's 16 KiB; 16 KiB when the browser does not say.
 * The receiver accepts any size, so this needs no message of its own.
 */
export function negotiatedMessageSize(maxMessageSize: number | null | undefined, preferred = preferredMessageSize) {
  if (!maxMessageSize || !Number.isFinite(maxMessageSize) || maxMessageSize <= 0) return chunkSize
  const wanted = Number.isSafeInteger(preferred) && preferred >= chunkSize ? preferred : chunkSize
  return Math.max(chunkSize, Math.min(wanted, Math.floor(maxMessageSize)))
}

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

/** One file of an offer; `name` may carry a folder path ('photos/2024/a.jpg'). */
export interface OfferedFile {
  name: string
  size: number
  type: string
}

/** The most files one offer carries. */
export const maxOfferedFiles = 10_000

/**
 * Control messages on the data channel, sent as JSON text beside the binary chunks. On each
 * channel (the first, and each after a dropped connection) the receiver speaks first with
 * `resume`: how many `readBlockSize` blocks it has stored and verified (0 at the start); the
 * sender answers with `files`, the offer's files in the order their bytes follow as one stream,
 * then sends the bytes from that block on; after each block's bytes it sends `block`, that
 * block's SHA-256, so the receiver can tell which blocks it holds are right. The
 * sender's `end` announces size and file hash after the last chunk (the channel is ordered):
 * `sha256` is SHA-256 over the SHA-256 digests of the file's `readBlockSize` blocks
 * (block-hash-list.ts), not of the file as one stream, so each block takes the native digest; the
 * receiver answers `ok` once it verified and stored the file or `fail`; either side may `cancel`.
 */
export type ControlMessage =
  | { t: 'resume'; from: number }
  | { t: 'files'; files: OfferedFile[] }
  | { t: 'block'; i: number; sha256: string }
  | { t: 'end'; size: number; sha256: string }
  | { t: 'ok' }
  | { t: 'fail'; reason: TransferFailure }
  | { t: 'cancel' }

const isHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0

function parseFiles(value: unknown): OfferedFile[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > maxOfferedFiles) return null
  const files: OfferedFile[] = []
  for (const item of value as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null) return null
    const { name, size, type } = item
    if (typeof name !== 'string' || name.length === 0 || name.length > 1024 || !isCount(size)) return null
    files.push({ name, size, type: typeof type === 'string' ? type.slice(0, 255) : '' })
  }
  return files
}

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
    case 'resume':
      return isCount(message.from) ? { t: 'resume', from: message.from } : null
    case 'files': {
      const files = parseFiles(message.files)
      return files ? { t: 'files', files } : null
    }
    case 'block':
      return isCount(message.i) && isHash(message.sha256) ? { t: 'block', i: message.i, sha256: message.sha256 } : null
    case 'end':
      return isCount(message.size) && isHash(message.sha256)
        ? { t: 'end', size: message.size, sha256: message.sha256 }
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
