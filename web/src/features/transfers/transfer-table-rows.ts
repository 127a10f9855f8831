import type { ListedTransfer } from './api/transfers-api.js'

/** The sortable columns of My Transfers (spec/transfers.md §2); `owner` (the owner's email) only in the admin view. */
export const sortKeys = [
  'id',
  'owner',
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

function sortValue(transfer: ListedTransfer, key: SortKey): string | number {
  switch (key) {
    case 'id':
      return transfer.id
    case 'owner':
      return (transfer.owner_email ?? '').toLowerCase()
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
export function sortTransfers<T extends ListedTransfer>(transfers: readonly T[], { key, direction }: SortState): T[] {
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
export function filterTransfers<T extends ListedTransfer>(transfers: readonly T[], search: string): T[] {
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
