import { createBrowserRouter } from 'react-router'
import { PageLoader } from '../components/page-loader.js'
import { AppLayout } from './layout/app-layout.js'
import { RouteErrorScreen } from './route-error-screen.js'
import { NotFoundPage } from './routes/not-found-page.js'

/**
 * Pages load lazily so the first visit downloads only the shell and the page it opens. The
 * function form of `lazy` is deliberate: with the object form, React Router 7 swallows a failed
 * import of a loader-less page and renders nothing instead of the error screen. The pathless
 * route around the pages holds the error screen, so a crashed page keeps the header.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorScreen,
      children: [
        {
          ErrorBoundary: RouteErrorScreen,
          children: [
            { index: true, lazy: async () => ({ Component: (await import('./routes/home-page.js')).HomePage }) },
            { path: 'login', lazy: async () => ({ Component: (await import('./routes/login-page.js')).LoginPage }) },
            // Not lazy: the error screen shows it too, so it is in the main bundle anyway.
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ])
}

export type AppRouter = ReturnType<typeof createAppRouter>
