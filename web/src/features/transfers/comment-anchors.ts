import type { CommentAnchor } from '@ferry/contracts/api/comments'

/** Seconds as the players show them: 0:05, 1:02:03. */
export function formatMediaTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** A time typed as 75, 1:15 or 0:01:15 (seconds may have decimals); null when it is none of those. */
export function parseMediaTime(text: string): number | null {
  const parts = text.trim().split(':')
  if (parts.length === 0 || parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null
  const numbers = parts.map(Number)
  if (numbers.slice(0, -1).some((n) => !Number.isInteger(n))) return null
  if (numbers.length > 1 && numbers.slice(1).some((n) => n >= 60)) return null
  return numbers.reduce((total, n) => total * 60 + n, 0)
}

/** What an anchor's label says, for the translation keys of `comments.anchor.*`. */
export function anchorLabel(anchor: CommentAnchor): {
  key: 'page' | 'time' | 'region'
  values: Record<string, string | number>
} {
  if (anchor.kind === 'page') return { key: 'page', values: { page: anchor.page } }
  if (anchor.kind === 'time') return { key: 'time', values: { time: formatMediaTime(anchor.seconds) } }
  const pct = (n: number) => Math.round(n * 100)
  return { key: 'region', values: { x: pct(anchor.x), y: pct(anchor.y), w: pct(anchor.w), h: pct(anchor.h) } }
}
