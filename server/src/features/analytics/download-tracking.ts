import type { DownloadTally } from '../../http/download/download-reply.js'
import type { ClientContext, DownloadStart, EventLog, TransferEvent } from './event-log.js'

/**
 * One download request's place in the event log: `started` before its first byte (appends
 * `download_started` only for the first request of a download), and `track` around the count's
 * tally of a request that delivers the last byte, so that its end appends `download_completed` or
 * `download_aborted`. HTTP, the ZIP and SFTP all go through here.
 */
export function trackDownload(
  log: EventLog,
  event: Omit<TransferEvent, 'kind' | 'durationMs'>,
  client: ClientContext | null,
) {
  let start: Promise<DownloadStart> | undefined
  const started = (firstByte = 0) => {
    start ??= log.downloadRequested(event, client, firstByte)
    return start
  }
  return {
    /** Before the first byte, which is byte `firstByte` of the file (0 for the ZIP and SFTP's open). */
    started: async (firstByte: number) => {
      await started(firstByte)
    },
    /** The tally, settling the event log beside the count. */
    track(tally: DownloadTally): DownloadTally {
      // Settles once, as the tally does: SFTP gives a handle back on close after it completed.
      let settled = false
      const end = async (outcome: 'completed' | 'aborted') => {
        await tally[outcome === 'completed' ? 'completed' : 'cutOff']()
        if (settled) return
        settled = true
        await log.downloadEnded(outcome, event, await started(), client)
      }
      return { completed: () => end('completed'), cutOff: () => end('aborted') }
    },
  }
}

export type DownloadTracking = ReturnType<typeof trackDownload>
