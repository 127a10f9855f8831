import { isIP } from 'node:net'
import { domainToASCII } from 'node:url'

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/**
 * The canonical form of a custom host someone typed: trimmed, without a trailing dot, lowercase
 * and IDNA-encoded (`Bücher.example` → `xn--bcher-kva.example`), or null when it cannot be one: an
 * IP address, fewer than two labels, a label that is not a DNS name, an all-digit top label,
 * a port or a path. The TXT lookup and the Host header both use this form.
 */
export function normalizeCustomHost(input: string): string | null {
  const trimmed = input.trim().replace(/\.$/, '')
  if (trimmed === '' || /[\s/:@?#\\[\]]/.test(trimmed) || isIP(trimmed)) return null
  const ascii = domainToASCII(trimmed.toLowerCase())
  if (ascii === '' || ascii.length > 253 || isIP(ascii)) return null
  const labels = ascii.split('.')
  if (labels.length < 2 || !labels.every((l) => label.test(l))) return null
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return null
  return ascii
}

/** The host name of a Host header (`files.example.com:443` → `files.example.com`), lowercase. */
export function hostOnly(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1)
  return h.replace(/:\d*$/, '').replace(/\.$/, '')
}
