import {
  type CommentCreateRequest,
  commentsSocketEvent,
  commentsSocketPath,
  type ReviewVerdict,
} from '@ferry/contracts/api/comments'
import { commentsApi } from '@ferry/contracts/routes/comments'
import { routePath, routeUrl } from '@ferry/contracts/routes/route'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiClient } from '../../../lib/api-client.js'
import { openReconnectingSocket } from '../../../lib/reconnecting-socket.js'

/** Review comments (issue 19 item 2): a recipient's `t` names who writes, as on the share page. */
export const commentKeys = {
  all: (uniqueId: string) => ['comments', uniqueId] as const,
  file: (uniqueId: string, fileId: string, t: string | null) => ['comments', uniqueId, fileId, t] as const,
}

const query = (t: string | null) => (t ? { t } : {})

export function useFileComments(uniqueId: string, fileId: string, t: string | null) {
  return useQuery({
    queryKey: commentKeys.file(uniqueId, fileId, t),
    queryFn: ({ signal }) =>
      apiClient.call(commentsApi.list, { params: { uniqueId, fileId }, query: query(t) }, { signal }),
    retry: false,
  })
}

/** Every write answers the thread or verdict; the file's comments are read again (the other party's page is told by the socket). */
function useCommentWrite<V>(uniqueId: string, fileId: string, t: string | null, write: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentKeys.file(uniqueId, fileId, t) }),
  })
}

export function useCommentActions(uniqueId: string, fileId: string, t: string | null) {
  const params = { uniqueId, fileId }
  return {
    create: useCommentWrite(uniqueId, fileId, t, (body: CommentCreateRequest) =>
      apiClient.call(commentsApi.create, { params, query: query(t), body }),
    ),
    setResolved: useCommentWrite(
      uniqueId,
      fileId,
      t,
      ({ threadId, resolved }: { threadId: string; resolved: boolean }) =>
        apiClient.call(commentsApi.updateThread, {
          params: { ...params, threadId },
          query: query(t),
          body: { resolved },
        }),
    ),
    review: useCommentWrite(uniqueId, fileId, t, (verdict: ReviewVerdict) =>
      apiClient.call(commentsApi.review, { params, query: query(t), body: { verdict } }),
    ),
  }
}

/**
 * Follows the transfer's comments live (WebSocket, any instance through the event bus): a change
 * on a file makes its comments be read again, through the access-checked GET. Reconnects after a
 * drop and reads them all again then, as messages may have been missed.
 */
export function useLiveComments(uniqueId: string, t: string | null, enabled = true) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    const url = new URL(
      routeUrl({ path: commentsSocketPath }, { params: { uniqueId }, query: query(t) }),
      window.location.href,
    )
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    let opened = false
    const socket = openReconnectingSocket({
      url: url.toString(),
      ping: { type: 'ping' },
      onOpen() {
        if (opened) void queryClient.invalidateQueries({ queryKey: commentKeys.all(uniqueId) })
        opened = true
      },
      onMessage(data) {
        const event = commentsSocketEvent.safeParse(data)
        if (event.success && event.data.type === 'comments_changed') {
          void queryClient.invalidateQueries({ queryKey: ['comments', uniqueId, event.data.file_id] })
        }
      },
    })
    return () => socket.close()
  }, [uniqueId, t, enabled, queryClient])
}

/** The owner's CSV of a transfer's comments (a download the browser navigates to). */
export const commentsCsvHref = (transferId: string) => routePath(commentsApi.exportCsv, { id: transferId })
