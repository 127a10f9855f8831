import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { PageLoader } from '../components/page-loader.js'
import { paths } from '../lib/paths.js'
import { AppLayout } from './layout/app-layout.js'
import { RouteErrorScreen } from './route-error-screen.js'
import { RequireAdmin, RequireAuth } from './route-guards.js'
import { NotFoundPage } from './routes/not-found-page.js'

/** The content pages of the header's menus and the specs' links: one view, text per page. */
const infoRoutes: RouteObject[] = (
  [
    ['resources/nonprofit', 'nonprofit'],
    ['resources/teams', 'teams'],
    ['resources/enterprise', 'enterprise'],
    ['tools/file-protection', 'fileProtection'],
    ['tools/sell-files', 'sellFiles'],
    ['help', 'help'],
    ['contact', 'contact'],
  ] as const
).map(([path, id]) => ({
  path,
  lazy: async () => ({ Component: (await import('./routes/info-page.js')).infoPageRoute(id) }),
}))

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
            // Where the server's single sign-on sends a refusal back (`?sso_error=<code>`).
            { path: 'signin', lazy: async () => ({ Component: (await import('./routes/login-page.js')).LoginPage }) },
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
              path: 'confirm-email',
              lazy: async () => ({ Component: (await import('./routes/confirm-email-page.js')).ConfirmEmailPage }),
            },
            {
              path: 'reset-password',
              lazy: async () => ({ Component: (await import('./routes/account-link-pages.js')).ResetPasswordPage }),
            },
            {
              path: 'confirm-email-change',
              lazy: async () => ({
                Component: (await import('./routes/account-link-pages.js')).ConfirmEmailChangePage,
              }),
            },
            {
              path: 'set-password',
              lazy: async () => ({ Component: (await import('./routes/set-password-page.js')).SetPasswordPage }),
            },
            {
              path: 'share/:id',
              lazy: async () => ({ Component: (await import('./routes/share-page.js')).SharePage }),
            },
            // product.md §5: both room paths open the same page.
            ...['room/:roomId', 'rooms/:roomId'].map((path) => ({
              path,
              lazy: async () => ({ Component: (await import('./routes/room-page.js')).RoomPage }),
            })),
            {
              path: 'organization/join',
              lazy: async () => ({
                Component: (await import('./routes/organization-join-page.js')).OrganizationJoinPage,
              }),
            },
            {
              path: 'upgrade',
              lazy: async () => ({ Component: (await import('./routes/upgrade-page.js')).UpgradePage }),
            },
            ...infoRoutes,
            {
              path: 'terms',
              lazy: async () => ({ Component: (await import('./routes/legal-pages.js')).TermsPage }),
            },
            {
              path: 'privacy',
              lazy: async () => ({ Component: (await import('./routes/legal-pages.js')).PrivacyPage }),
            },
            { path: 'plans', element: <Navigate to={paths.upgrade} replace /> },
            // spec/accounts.md §2 route guards.
            {
              Component: RequireAuth,
              children: [
                {
                  path: 'profile',
                  lazy: async () => ({ Component: (await import('./routes/profile-page.js')).ProfilePage }),
                },
                {
                  path: 'account/two-factor',
                  lazy: async () => ({
                    Component: (await import('./routes/two-factor-setup-page.js')).TwoFactorSetupPage,
                  }),
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
                {
                  path: 'analytics',
                  lazy: async () => ({ Component: (await import('./routes/analytics-page.js')).AnalyticsPage }),
                },
                {
                  path: 'organization',
                  lazy: async () => ({ Component: (await import('./routes/organization-page.js')).OrganizationPage }),
                },
                {
                  path: 'organization/sso',
                  lazy: async () => ({
                    Component: (await import('./routes/organization-sso-page.js')).OrganizationSsoPage,
                  }),
                },
                {
                  path: 'organization/domains',
                  lazy: async () => ({
                    Component: (await import('./routes/organization-domains-page.js')).OrganizationDomainsPage,
                  }),
                },
                {
                  path: 'transfer-history',
                  lazy: async () => ({
                    Component: (await import('./routes/transfer-history-page.js')).TransferHistoryPage,
                  }),
                },
                {
                  path: 'organization/branding',
                  lazy: async () => ({ Component: (await import('./routes/branding-page.js')).BrandingPage }),
                },
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
              children: [
                {
                  path: 'admin',
                  lazy: async () => ({ Component: (await import('./routes/admin-page.js')).AdminPage }),
                },
                // spec/transfers.md §2's admin menu links /dashboard/ too: the same dashboard.
                { path: 'dashboard', element: <Navigate to={paths.admin} replace /> },
                {
                  path: 'tools',
                  lazy: async () => ({ Component: (await import('./routes/tools-page.js')).ToolsPage }),
                },
                {
                  path: 'mantine-guide',
                  lazy: async () => ({ Component: (await import('./routes/styleguide-page.js')).StyleguidePage }),
                },
                // Developer pages (issue 17 item 7): the playground and the raw plan signup table.
                {
                  path: 'styleguide',
                  lazy: async () => ({ Component: (await import('./routes/styleguide-page.js')).StyleguidePage }),
                },
                {
                  path: 'subscribe',
                  lazy: async () => ({ Component: (await import('./routes/subscribe-page.js')).SubscribePage }),
                },
              ],
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
