import { type DirectTransferStatus, directTransferStatuses, type HistoryItem } from '@ferry/contracts/api/rooms'
import { formatSpeed } from '@ferry/contracts/domain/file-size'

/** spec/transfers.md §2: the status filter's options, 'all' first. */
export const historyStatusFilters = ['all', ...directTransferStatuses] as const
export type HistoryStatusFilter = (typeof historyStatusFilters)[number]

export const parseStatusFilter = (value: string | null): HistoryStatusFilter =>
  historyStatusFilters.find((option) => option === value) ?? 'all'

/** spec/transfers.md §4: completed green, accepted blue, initiated yellow, rejected and error red, others grey. */
export function statusColor(status: DirectTransferStatus): string {
  switch (status) {
    case 'completed':
      return 'green'
    case 'accepted':
      return 'blue'
    case 'initiated':
      return 'yellow'
    case 'rejected':
    case 'error':
      return 'red'
    default:
      return 'gray'
  }
}

/** spec/transfers.md §4: Sent if sender_id equals the current user's id, otherwise Received. */
export const historyDirection = (item: Pick<HistoryItem, 'sender_id'>, userId: string | undefined) =>
  item.sender_id === userId ? 'sent' : 'received'

/** The rows the search box (file name, case-insensitive) and the status filter leave. */
export function filterHistory(items: readonly HistoryItem[], search: string, status: HistoryStatusFilter) {
  const needle = search.trim().toLocaleLowerCase()
  return items.filter(
    (item) =>
      (status === 'all' || item.status === status) &&
      (needle === '' || item.file_name.toLocaleLowerCase().includes(needle)),
  )
}

export interface HistorySummary {
  total: number
  completed: number
  /** Bytes of completed transfers only (spec/transfers.md §2). */
  totalData: number
}

export function summarizeHistory(items: readonly HistoryItem[]): HistorySummary {
  const completed = items.filter((item) => item.status === 'completed')
  return {
    total: items.length,
    completed: completed.length,
    totalData: completed.reduce((sum, item) => sum + item.file_size, 0),
  }
}

/** A recorded speed (MiB/s, as transfer_speed is stored) as sizes read ('12.3 MiB/s'), or null when not recorded (N/A). */
export function historySpeed(speed: number | null, locale: string): string | null {
  if (speed === null || !Number.isFinite(speed)) return null
  return formatSpeed(speed * 1024 * 1024, { locale })
}
