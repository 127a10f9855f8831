import { Center, Loader } from '@mantine/core'
import { lazy, type ReactNode, Suspense } from 'react'
import type { AnalyticsPanelProps } from './analytics-panel.js'

/*
 * The analytics views with their code (and the charts library) fetched only when shown: every
 * sender opens transfer pages, and only plans with the analytics flags draw charts.
 */

const TransferAnalyticsView = lazy(async () => ({
  default: (await import('./transfer-analytics.js')).TransferAnalytics,
}))
const AnalyticsPanelView = lazy(async () => ({ default: (await import('./analytics-panel.js')).AnalyticsPanel }))

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center mih={120} aria-busy="true">
          <Loader type="dots" />
        </Center>
      }
    >
      {children}
    </Suspense>
  )
}

/** A transfer's analytics (plan flag analytics_access). */
export function TransferAnalytics({ transferId }: { transferId: string }) {
  return (
    <Loading>
      <TransferAnalyticsView transferId={transferId} />
    </Loading>
  )
}

/** The account's analytics panel (plan flag analytics_panel). */
export function AnalyticsPanel(props: AnalyticsPanelProps) {
  return (
    <Loading>
      <AnalyticsPanelView {...props} />
    </Loading>
  )
}
