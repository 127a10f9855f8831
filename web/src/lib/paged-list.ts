import type { Page } from '@ferry/contracts/api/pagination'
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'

/** Fetches the page after `cursor` (null for the first). */
export type FetchPage<T> = (cursor: string | null, signal: AbortSignal) => Promise<Page<T>>

/**
 * A paginated list (security review L-10): the pages loaded so far as one list, the list's total,
 * and `loadMore` while the server gave a next cursor.
 */
export function usePagedList<T>(
  queryKey: QueryKey,
  fetchPage: FetchPage<T>,
  /** `refreshEvery`: milliseconds between reloads while the items loaded so far ask for it, else none. */
  options: { enabled?: boolean; refreshEvery?: (items: T[]) => number | false } = {},
) {
  const { refreshEvery } = options
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: options.enabled,
    refetchInterval: refreshEvery ? (q) => refreshEvery(q.state.data?.pages.flatMap((p) => p.items) ?? []) : undefined,
  })
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items), [query.data])
  const total = query.data?.pages.at(-1)?.total ?? 0
  return {
    ...query,
    /** Every item loaded so far; undefined until the first page came. */
    items,
    total,
    hasMore: query.hasNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage()
    },
  }
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>
