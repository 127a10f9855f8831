import type { Transfer } from '@ferry/contracts/api/transfers'

/** The sortable columns of My Transfers (spec/transfers.md §2); `user_id` only in the admin view. */
export const sortKeys = [
  'id',
  'user_id',
  'title',
  'recipient',
  'file',
  'size',
  'downloads',
  'created',
  'expires',
] as const
export type SortKey = (typeof sortKeys)[number]
export type SortDirection = 'asc' | 'desc'
export interface SortState {
  key: SortKey
  direction: SortDirection
}

/** Newest first until a header is clicked. */
export const defaultSort: SortState = { key: 'created', direction: 'desc' }

/** Clicking the sorted header flips its direction; another header sorts by it, ascending. */
export function toggleSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  return { key, direction: 'asc' }
}

function sortValue(transfer: Transfer, key: SortKey): string | number {
  switch (key) {
    case 'id':
      return transfer.id
    case 'user_id':
      return transfer.user_id ?? ''
    case 'title':
      return transfer.title.toLowerCase()
    case 'recipient':
      return transfer.recipient_email.toLowerCase()
    case 'file':
      return transfer.file_name.toLowerCase()
    case 'size':
      return transfer.file_size
    case 'downloads':
      return transfer.download_count
    case 'created':
      return Date.parse(transfer.created_at)
    case 'expires':
      return Date.parse(transfer.expires_at)
  }
}

/** A sorted copy; ties keep the list's order. */
export function sortTransfers(transfers: readonly Transfer[], { key, direction }: SortState): Transfer[] {
  const sign = direction === 'asc' ? 1 : -1
  return transfers
    .map((transfer, index) => ({ transfer, index, value: sortValue(transfer, key) }))
    .sort((a, b) => {
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value))
      return order === 0 ? a.index - b.index : order * sign
    })
    .map(({ transfer }) => transfer)
}

/** spec/transfers.md §2: the search box matches title, recipient email and file name, ignoring case. */
export function filterTransfers(transfers: readonly Transfer[], search: string): Transfer[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...transfers]
  return transfers.filter((transfer) =>
    [
      transfer.title,
      transfer.recipient_email,
      ...transfer.recipient_emails,
      transfer.file_name,
      ...transfer.files.map((file) => file.file_name),
    ].some((text) => text.toLowerCase().includes(needle)),
  )
}
