import type { TransferStatus } from '@ferry/contracts/api/transfers'
import { routeUrl } from '@ferry/contracts/routes/route'
import { shareApi } from '@ferry/contracts/routes/transfers'

const bytesPerMb = 1024 ** 2

/** spec/transfers.md §2: the ZIP of all files only while active and when the total in MB is within the configured maximum. */
export function zipAllowed(totalBytes: number, maxMb: number, status: TransferStatus): boolean {
  return status === 'active' && totalBytes / bytesPerMb <= maxMb
}

/**
 * A share download link (GET /share/{id}/download): one file by key or all as a ZIP, with the
 * recipient's tracking id so their download is recorded. Always a path on the page's own origin
 * (the server's PUBLIC_URL may name another host for the same server), so the check before the
 * download is never a cross-origin request.
 */
export function shareDownloadHref(
  uniqueId: string,
  target: { fileKey: string } | { zip: true },
  trackingId: string | null,
): string {
  return routeUrl(shareApi.download, {
    params: { uniqueId },
    query: { ...('fileKey' in target ? { file_key: target.fileKey } : { as_zip: 'true' }), t: trackingId },
  })
}
