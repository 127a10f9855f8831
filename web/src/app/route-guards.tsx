import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconShieldLock } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, Outlet, useLocation } from 'react-router'
import { isLeaving, useSession } from '../features/auth/index.js'
import { loginPath, paths } from '../lib/paths.js'

export interface GuardProps {
  /** What to show once the guard lets the visitor through; the child routes when absent. */
  children?: ReactNode
}

/**
 * Sends a visitor who is not signed in to /login?next={the path they asked for}; not while the user
 * is logging out from this page, which goes home on its own.
 */
function ToLogin() {
  const { pathname, search, hash } = useLocation()
  if (isLeaving()) return null
  return <Navigate to={loginPath(pathname + search + hash)} replace />
}

/** spec/accounts.md §2: pages that need a login. Use as a route element, or around an element. */
export function RequireAuth({ children }: GuardProps) {
  const { isAuthenticated } = useSession()
  if (!isAuthenticated) return <ToLogin />
  return children ?? <Outlet />
}

/** What a signed-in non-admin sees at an admin page: why it does not open, and the way home (walk 9.5). */
export function AdminOnlyNotice() {
  const { t } = useTranslation('common')
  useDocumentTitle(`${t('adminOnly.title')} · ${t('brand')}`)
  return (
    <Center mih="60vh" px="md" data-testid="admin-only">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconShieldLock size={30} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          {t('adminOnly.title')}
        </Title>
        <Text c="dimmed">{t('adminOnly.message')}</Text>
        <Button component={Link} to={paths.home} mt="sm">
          {t('adminOnly.home')}
        </Button>
      </Stack>
    </Center>
  )
}

/**
 * spec/accounts.md §2: admin pages; a visitor goes to /login, a signed-in non-admin is told the
 * page is for administrators, with a way home, instead of being sent away without a word.
 */
export function RequireAdmin({ children }: GuardProps) {
  const { isAuthenticated, isAdmin } = useSession()
  if (!isAuthenticated) return <ToLogin />
  if (!isAdmin) return <AdminOnlyNotice />
  return children ?? <Outlet />
}
