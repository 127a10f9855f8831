import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense } from 'react'
import { CrashScreen } from '../components/crash-screen.js'
import { ErrorBoundary } from '../components/error-boundary.js'
import { PageLoader } from '../components/page-loader.js'
import { LocalizedTheme } from './localized-theme.js'
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
          {/* Inside: the names it gives close buttons wait for the translations. */}
          <LocalizedTheme>
            <Notifications position="top-right" />
            <ErrorBoundary fallback={(reset) => <CrashScreen onRetry={reset} />}>{children}</ErrorBoundary>
          </LocalizedTheme>
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  )
}
