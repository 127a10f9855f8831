import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router'
import { CrashScreen } from '../components/crash-screen.js'
import { NotFoundView } from './routes/not-found-page.js'

/** A page's code failed to download: usually a new deploy replaced the hashed file names. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload/i.test(error.message)
  )
}

/** The router's error screen: 404 for unknown routes, else the crash screen. */
export function RouteErrorScreen() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()
  const { reset } = useQueryErrorResetBoundary()

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />

  const retry = () => {
    reset()
    // The router keeps a failed lazy import, so only a reload fetches the page again; any
    // other error clears on a navigation, which renders the page afresh.
    if (isChunkLoadError(error)) window.location.reload()
    else void navigate(location.pathname + location.search + location.hash, { replace: true })
  }
  return <CrashScreen onRetry={retry} />
}
