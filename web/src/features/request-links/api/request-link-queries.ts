import type { RequestUpdateRequest } from '@ferry/contracts/api/request-links'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { usePagedList } from '../../../lib/paged-list.js'
import { requestLinksApi } from './request-links-api.js'

export const requestLinkKeys = {
  all: ['request-links'] as const,
  list: ['request-links', 'list'] as const,
  received: ['request-links', 'received'] as const,
  info: (requestId: string) => ['request-links', 'info', requestId] as const,
}

/** My Requests. */
export function useRequestLinkList() {
  return usePagedList(requestLinkKeys.list, (cursor, signal) => requestLinksApi.list(cursor, signal))
}

/** Received Files. */
export function useReceivedGroups() {
  return usePagedList(requestLinkKeys.received, (cursor, signal) => requestLinksApi.received(cursor, signal), {
    // A file the virus scan has not judged yet turns downloadable (or blocked) without a reload.
    refreshEvery: (groups) => (groups.some((g) => g.files.some((f) => f.scan_status === 'pending')) ? 3000 : false),
  })
}

/** The upload page's load: one try, as each error answer (404, 410) is a page state, not a hiccup. */
export function useRequestInfo(requestId: string) {
  return useQuery({
    queryKey: requestLinkKeys.info(requestId),
    queryFn: ({ signal }) => requestLinksApi.info(requestId, signal),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  })
}

/** The owner's edit of a link (fields, or closing and opening it); My Requests refreshes. */
export function useUpdateRequestLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ requestId, payload }: { requestId: string; payload: RequestUpdateRequest }) =>
      requestLinksApi.update(requestId, payload),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: requestLinkKeys.all }),
  })
}

/** Deletes a link and what it received; My Requests and Received Files refresh. */
export function useDeleteRequestLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (requestId: string) => requestLinksApi.remove(requestId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: requestLinkKeys.all }),
  })
}

export function useCreateRequestLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: requestLinksApi.create,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: requestLinkKeys.list }),
  })
}
