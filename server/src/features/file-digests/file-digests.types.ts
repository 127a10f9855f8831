import type { DbExecutor } from '../../db/database.js'

/** Which table a stored file is a row of: a transfer's, or one received through a request link. */
export type DigestedTable = 'transfer' | 'received'

/**
 * What the features that store files call, in the transaction that records them, so that each
 * file is read through once for its SHA-256 and CRC-32 (issue 24, docs/decisions/0032).
 */
export interface FileDigestQueue {
  enqueue(tx: DbExecutor, table: DigestedTable, fileIds: readonly string[]): Promise<void>
}
