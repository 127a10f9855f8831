import { useCallback, useState } from 'react'

/** What a download check found: the link works, or it does not (expired, gone, unreachable). */
async function linkWorks(href: string): Promise<boolean> {
  try {
    // HEAD never counts as a download; a redirect to the store's presigned URL is taken as fine.
    const response = await fetch(href, { method: 'HEAD', redirect: 'manual', credentials: 'same-origin' })
    return response.ok || response.type === 'opaqueredirect'
  } catch {
    return false
  }
}

/**
 * Starts a download the browser's own download manager carries out (a plain navigation to a link
 * that answers with Content-Disposition: attachment), after checking with HEAD that the link still
 * works, so a dead link shows an error here instead of replacing the page.
 */
export function useBrowserDownload() {
  const [pending, setPending] = useState<string | null>(null)
  const start = useCallback(async (href: string, id: string = href): Promise<boolean> => {
    setPending(id)
    try {
      if (!(await linkWorks(href))) return false
      window.location.assign(href)
      return true
    } finally {
      setPending(null)
    }
  }, [])
  return { start, pending }
}
