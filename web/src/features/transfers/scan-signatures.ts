import type { Transfer } from '@ferry/contracts/api/transfers'

/** What clamd found in a transfer's infected files, once each, for the sender and the admin (docs/decisions/0039). */
export function infectedSignatures(transfer: Pick<Transfer, 'files'>): string {
  const names = transfer.files.flatMap((file) =>
    file.scan_status === 'infected' && file.scan_signature ? [file.scan_signature] : [],
  )
  return [...new Set(names)].join(', ')
}
