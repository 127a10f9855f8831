import { createBrowserRouter, type RouteObject } from 'react-router'
import { PageLoader } from '../components/page-loader.js'
import { AppLayout } from './layout/app-layout.js'
import { RouteErrorScreen } from './route-error-screen.js'
import { RequireAdmin, RequireAuth } from './route-guards.js'
import { NotFoundPage } from './routes/not-found-page.js'

/** Guarded routes whose pages later issues build: the guard runs, then the 404 page shows. */
const notYetBuilt = (path: string): RouteObject => ({ path, Component: NotFoundPage })

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
            {
              path: 'register',
              lazy: async () => ({ Component: (await import('./routes/login-page.js')).RegisterPage }),
            },
            {
              path: 'upload/:requestId',
              lazy: async () => ({
                Component: (await import('./routes/upload-request-page.js')).UploadRequestPage,
              }),
            },
            {
              path: 'share/:id',
              lazy: async () => ({ Component: (await import('./routes/share-page.js')).SharePage }),
            },
            {
              path: 'upgrade',
              lazy: async () => ({ Component: (await import('./routes/upgrade-page.js')).UpgradePage }),
            },
            {
              path: 'subscribe',
              lazy: async () => ({ Component: (await import('./routes/subscribe-page.js')).SubscribePage }),
            },
            // Spec 001 §2 route guards.
            {
              Component: RequireAuth,
              children: [
                {
                  path: 'profile',
                  lazy: async () => ({ Component: (await import('./routes/profile-page.js')).ProfilePage }),
                },
                {
                  path: 'transfers',
                  lazy: async () => ({ Component: (await import('./routes/transfers-page.js')).TransfersPage }),
                },
                {
                  path: 'transfers/:id',
                  lazy: async () => ({
                    Component: (await import('./routes/transfer-detail-page.js')).TransferDetailPage,
                  }),
                },
                notYetBuilt('transfer-history'),
                {
                  path: 'invite',
                  lazy: async () => ({ Component: (await import('./routes/invite-page.js')).InvitePage }),
                },
                {
                  path: 'upgrade/success',
                  lazy: async () => ({
                    Component: (await import('./routes/upgrade-success-page.js')).UpgradeSuccessPage,
                  }),
                },
                {
                  path: 'checkout/test/:sessionId',
                  lazy: async () => ({ Component: (await import('./routes/test-checkout-page.js')).TestCheckoutPage }),
                },
                {
                  path: 'recovery-success',
                  lazy: async () => ({
                    Component: (await import('./routes/recovery-success-page.js')).RecoverySuccessPage,
                  }),
                },
              ],
            },
            {
              Component: RequireAdmin,
              children: [notYetBuilt('admin'), notYetBuilt('tools'), notYetBuilt('mantine-guide')],
            },
            // Not lazy: the error screen shows it too, so it is in the main bundle anyway.
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ])
}

export type AppRouter = ReturnType<typeof createAppRouter>
