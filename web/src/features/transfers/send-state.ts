/** What the send button shows (spec/transfers.md §2), in the order the spec gives the states. */
export type SendButtonState = 'uploading' | 'login' | 'upgrade' | 'disabled' | 'ready'

export interface SendButtonInput {
  busy: boolean
  isAuthenticated: boolean
  overLimit: boolean
  totalBytes: number
  hasRecipient: boolean
}

/**
 * 'Uploading' while busy; 'Login to Send' when not signed in; 'Upgrade to Send' over the plan
 * limit; disabled without files (total size 0) or without a recipient; else the Transfer button.
 */
export function sendButtonState(input: SendButtonInput): SendButtonState {
  if (input.busy) return 'uploading'
  if (!input.isAuthenticated) return 'login'
  if (input.overLimit) return 'upgrade'
  if (input.totalBytes <= 0 || !input.hasRecipient) return 'disabled'
  return 'ready'
}

/** Whether `totalBytes` is over the plan's per-transfer limit (null = unlimited). */
export function isOverLimit(totalBytes: number, maxTransferBytes: number | null): boolean {
  return maxTransferBytes !== null && totalBytes > maxTransferBytes
}

/** Where a send is: waiting for uploads to finish, then creating the transfer. */
export type SendPhase = 'idle' | 'uploading' | 'creating'

/**
 * The send progress bar (product.md §4: real progress, not a fixed 50): the upload queue's real
 * byte progress while files finish, then full while the transfer is created.
 */
export function sendProgressPercent(phase: SendPhase, uploadProgress: number): number {
  if (phase === 'creating') return 100
  if (phase === 'uploading') return Math.max(0, Math.min(100, uploadProgress * 100))
  return 0
}
