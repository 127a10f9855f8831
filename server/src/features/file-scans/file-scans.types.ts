import type { DbExecutor } from '../../db/database.js'
import type { DigestedTable } from '../file-digests/file-digests.types.js'

/**
 * What the features that store files call, in the transaction that records them, when CLAMAV_URL
 * is set (issue 24 item 7, docs/decisions/0039): the files are marked pending and queued for clamd.
 */
export interface FileScanQueue {
  /**
   * Queues the files' scans. `hold` names the transfer to hold until they are scanned, and whether
   * its recipients' first email waits for that. True when files were queued (the caller then
   * leaves the email to the scan).
   */
  enqueue(
    tx: DbExecutor,
    table: DigestedTable,
    fileIds: readonly string[],
    hold?: { transferId: string; notifyPending: boolean },
  ): Promise<boolean>
}

/** An admin's release of a transfer the scan froze (docs/decisions/0039). */
export interface ScanHolds {
  /** Lifts a 'frozen' hold: undefined when not frozen; `notify` when the recipients' first email waited. */
  unfreeze(transferId: string): Promise<{ notify: boolean } | undefined>
}
