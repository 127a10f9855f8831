import type { Deps } from '../../deps.js'
import { createFileScansRepository } from './file-scans.repository.js'
import type { ScanHolds } from './file-scans.types.js'

/** What other features use of the scan's holds: an admin's release (transfers' unfreeze route). */
export function createScanHolds(deps: Pick<Deps, 'database'>): ScanHolds {
  const repo = createFileScansRepository(deps.database.db)
  return { unfreeze: (transferId) => repo.unfreeze(transferId) }
}
