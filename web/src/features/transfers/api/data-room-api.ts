import type { DataRoomLog, DataRoomView } from '@ferry/contracts/api/data-room'
import { dataRoomApi } from '@ferry/contracts/routes/data-room'
import { routePath, routeUrl } from '@ferry/contracts/routes/route'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { apiClient } from '../../../lib/api-client.js'
import { ApiError, isApiError, networkErrorMessage, parseErrorBody, parseJsonBody } from '../../../lib/api-error.js'
import type { PageSeen } from '../data-room/page-dwell.js'

/**
 * The clean data room (issue 19 item 3). A viewer starts a view of a file, fetches its pages as
 * watermarked images and reports how long each was on screen; the sender reads the log and
 * revokes or restores a viewer. The recipient's grant (a cookie) goes along with every call.
 */
export const dataRoomKeys = {
  view: (uniqueId: string, fileId: string, t: string | null) => ['data-room', 'view', uniqueId, fileId, t] as const,
  log: (transferId: string) => ['data-room', 'log', transferId] as const,
}

const trackingQuery = (t: string | null) => (t ? { t } : {})

/** How often a view is asked for again while its pages are still being rendered (409 data_room_not_ready). */
export const roomPendingPollMs = 2_000

export const isRoomNotReady = (error: unknown) => isApiError(error) && error.code === 'data_room_not_ready'

/**
 * A view of one file, started once when the viewer opens it (each start is a view of its own in
 * the log, so it is never refetched on focus or remount); asked again every 2 s while the pages
 * are still being made.
 */
export function useRoomView(uniqueId: string, fileId: string, t: string | null, enabled = true) {
  return useQuery<DataRoomView>({
    enabled,
    queryKey: dataRoomKeys.view(uniqueId, fileId, t),
    queryFn: ({ signal }) =>
      apiClient.call(dataRoomApi.startView, { params: { uniqueId, fileId }, query: trackingQuery(t) }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (query) => (isRoomNotReady(query.state.error) ? roomPendingPollMs : false),
  })
}

/**
 * Page `n` of a view as an image (WebP, watermarked for this viewer). Fetched rather than put in
 * an `<img src>`, so a refusal (403 viewer_revoked) is read and said in words.
 */
export async function fetchRoomPage(
  uniqueId: string,
  viewId: string,
  n: number,
  t: string | null,
  signal?: AbortSignal,
): Promise<Blob> {
  const url = routeUrl(dataRoomApi.page, { params: { uniqueId, viewId, n }, query: trackingQuery(t) })
  let response: Response
  try {
    response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', signal })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, networkErrorMessage, 'network_error')
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    const { detail, code } = parseErrorBody(text)
    throw new ApiError(response.status, detail, code, parseJsonBody(text))
  }
  return response.blob()
}

/**
 * Tells the server how long a page was on screen. `keepalive`, so it is still sent when the tab
 * is closing (pagehide); a failure is not the viewer's concern and is dropped.
 */
export function reportPageSeen(uniqueId: string, seen: PageSeen, t: string | null): void {
  const url = routeUrl(dataRoomApi.pageSeen, {
    params: { uniqueId, viewId: seen.viewId, n: seen.page },
    query: trackingQuery(t),
  })
  void fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ duration_ms: seen.durationMs }),
  }).catch(() => undefined)
}

/** The link of a file's watermarked PDF (only offered when the sender allowed it). */
export const roomPdfHref = (uniqueId: string, fileId: string, t: string | null) =>
  routeUrl(dataRoomApi.watermarkedPdf, { params: { uniqueId, fileId }, query: trackingQuery(t) })

/** The sender's whole log as CSV. */
export const roomLogCsvHref = (transferId: string) => routePath(dataRoomApi.logCsv, { id: transferId })

/** How often the sender's open log is read again, so new page views show up. */
export const roomLogRefreshMs = 10_000

/** The sender's log: the viewers and the newest entries, older pages on request; refreshed while open. */
export function useRoomLog(transferId: string) {
  const query = useInfiniteQuery({
    queryKey: dataRoomKeys.log(transferId),
    queryFn: ({ pageParam, signal }) =>
      apiClient.call(
        dataRoomApi.log,
        { params: { id: transferId }, query: pageParam ? { before: pageParam } : {} },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DataRoomLog) => last.next_before,
    refetchInterval: roomLogRefreshMs,
  })
  const entries = useMemo(() => query.data?.pages.flatMap((p) => p.entries), [query.data])
  return { ...query, viewers: query.data?.pages[0]?.viewers, entries }
}

/** Revokes (their next page fails) or restores one viewer; the log is read again. */
export function useRoomViewerAccess(transferId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ recipientId, revoke }: { recipientId: string; revoke: boolean }) =>
      apiClient.call(revoke ? dataRoomApi.revokeViewer : dataRoomApi.restoreViewer, {
        params: { id: transferId, recipientId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataRoomKeys.log(transferId) }),
  })
}
