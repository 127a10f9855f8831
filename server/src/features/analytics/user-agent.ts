import type { AnalyticsDevice } from '@ferry/contracts/api/analytics'
import Bowser from 'bowser'

/** What the event log keeps of a user agent: the class of device and the browser's family, nothing finer. */
export interface ClientKind {
  device: AnalyticsDevice
  browser: string
}

/** Command-line and SFTP clients Bowser does not know, by the first word of their user agent. */
const tools: Record<string, string> = {
  curl: 'curl',
  wget: 'Wget',
  'ferry-cli': 'Ferry CLI',
  'python-requests': 'Python',
  'go-http-client': 'Go',
  node: 'Node.js',
  undici: 'Node.js',
  openssh: 'OpenSSH',
  sftp: 'SFTP client',
}

const longestBrowserName = 40

/** Device class and browser family from a User-Agent header (Bowser, MIT); `unknown` when it says nothing. */
export function classifyUserAgent(userAgent: string | undefined | null): ClientKind {
  const ua = (userAgent ?? '').trim()
  if (!ua) return { device: 'unknown', browser: 'unknown' }
  const tool = tools[ua.split(/[/\s_-]/)[0]!.toLowerCase()] ?? tools[ua.split(/[/\s]/)[0]!.toLowerCase()]
  if (tool) return { device: 'desktop', browser: tool }
  const parsed = Bowser.parse(ua)
  const platform = parsed.platform.type
  const device: AnalyticsDevice =
    platform === 'mobile' || platform === 'tablet' || platform === 'desktop'
      ? platform
      : platform === 'bot'
        ? 'bot'
        : 'unknown'
  const browser = (parsed.browser.name ?? 'unknown').slice(0, longestBrowserName) || 'unknown'
  return { device, browser }
}
