import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
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

/** spec/accounts.md §2: admin pages; a signed-in non-admin goes to /, a visitor to /login. */
export function RequireAdmin({ children }: GuardProps) {
  const { isAuthenticated, isAdmin } = useSession()
  if (!isAuthenticated) return <ToLogin />
  if (!isAdmin) return <Navigate to={paths.home} replace />
  return children ?? <Outlet />
}
