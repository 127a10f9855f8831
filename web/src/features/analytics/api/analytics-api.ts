import type { AnalyticsSummary, TransferAnalytics } from '@ferry/contracts/api/analytics'
import { analyticsApi } from '@ferry/contracts/routes/analytics'
import { routeUrl } from '@ferry/contracts/routes/route'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.js'
import type { AnalyticsPeriod } from '../analytics-period.js'

export const analyticsKeys = {
  transfer: (id: string) => ['analytics', 'transfer', id] as const,
  summary: (period: AnalyticsPeriod) => ['analytics', 'summary', period.from, period.to] as const,
}

/** While the page is open, new downloads show up without a reload. */
const refreshMs = 30_000

/** GET /api/analytics/transfers/{id} (plan flag analytics_access); off until `enabled`. */
export function useTransferAnalytics(id: string, enabled: boolean) {
  return useQuery<TransferAnalytics>({
    queryKey: analyticsKeys.transfer(id),
    queryFn: ({ signal }) => apiClient.call(analyticsApi.transfer, { params: { id } }, { signal }),
    enabled,
    refetchInterval: refreshMs,
  })
}

/** GET /api/analytics/summary for a period (plan flag analytics_panel); the last answer stays while the next loads. */
export function useAnalyticsSummary(period: AnalyticsPeriod, enabled: boolean) {
  return useQuery<AnalyticsSummary>({
    queryKey: analyticsKeys.summary(period),
    queryFn: ({ signal }) =>
      apiClient.call(analyticsApi.summary, { query: { from: period.from, to: period.to } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  })
}

/** The CSV of a transfer's events (a download the browser navigates to; the session cookie goes along). */
export const transferEventsCsvHref = (transferId: string) =>
  routeUrl(analyticsApi.transferEventsCsv, { params: { id: transferId } })

/** The CSV of the events of the account's transfers in a period. */
export const periodEventsCsvHref = (period: AnalyticsPeriod) =>
  routeUrl(analyticsApi.eventsCsv, { query: { from: period.from, to: period.to } })
