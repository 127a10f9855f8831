import { MantineProvider } from '@mantine/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense } from 'react'
import { CrashScreen } from '../components/crash-screen.js'
import { ErrorBoundary } from '../components/error-boundary.js'
import { PageLoader } from '../components/page-loader.js'
import { LocalizedNotifications } from './localized-notifications.js'
import { cssVariablesResolver, theme } from './theme.js'

export interface AppProvidersProps {
  queryClient: QueryClient
  children: ReactNode
}

/** Theme, notifications, server state and the last-resort crash screen around the app. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        {/* Outside the boundary: the crash screen itself may wait for translations. */}
        <Suspense fallback={<PageLoader />}>
          {/* Inside: the close buttons' name waits for the translations. */}
          <LocalizedNotifications />
          <ErrorBoundary fallback={(reset) => <CrashScreen onRetry={reset} />}>{children}</ErrorBoundary>
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  )
}
