import { AppShell } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Suspense, useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { PageLoader } from '../../components/page-loader.js'
import { TwoFactorRequirementNotice } from '../../features/account/index.js'
import { AuthModalHost, EmailConfirmationNotice, useAccountLanguage } from '../../features/auth/index.js'
import { AppFooter } from './app-footer.js'
import { AppHeader } from './app-header.js'
import { MobileNav } from './mobile-nav.js'

export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false)
  const { pathname } = useLocation()
  useAccountLanguage()
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a route change should do
  useEffect(() => nav.close(), [pathname])

  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <MobileNav opened={navOpened} onClose={nav.close} />
      <AuthModalHost />
      <AppShell.Main bg="gray.0" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
        <EmailConfirmationNotice />
        <TwoFactorRequirementNotice />
        {/* The page grows, so the footer sits at the bottom of a short page. */}
        <div style={{ flex: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  )
}
