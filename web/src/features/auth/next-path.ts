/** Where signing in may send the user back to: never the sign-in pages themselves. */
const signInPaths = ['/login', '/register']

/**
 * The `next` query parameter as a path on this site, or '/' when it is missing or points
 * anywhere else: only same-origin paths starting with one '/' are followed, so a crafted
 * `/login?next=https://evil.example` (or `//evil.example`, `/\evil.example`) cannot send a
 * freshly signed-in user to another site.
 */
export function safeNextPath(raw: string | null | undefined, origin: string): string {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return '/'
  // Browsers read a backslash as a slash, and control characters can hide a second scheme.
  if ([...raw].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return '/'
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    return '/'
  }
  if (url.origin !== new URL(origin).origin) return '/'
  if (signInPaths.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return '/'
  return url.pathname + url.search + url.hash
}
