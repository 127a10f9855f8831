import type { transferFiles, transferRecipients, transfers } from '../../db/schema/index.js'

// The rows the transfers repository and the share query read; apart, so neither imports the other.

export type TransferRow = typeof transfers.$inferSelect
export type TransferFileRow = typeof transferFiles.$inferSelect
export type TransferRecipientRow = typeof transferRecipients.$inferSelect

/** A transfer with its files and recipients, in the order they were sent. */
export interface TransferAggregate {
  transfer: TransferRow
  files: TransferFileRow[]
  recipients: TransferRecipientRow[]
}
