/** How the share page's viewer shows a file (issue 19), decided from its media type. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text'

const textTypes = new Set(['application/json', 'application/xml', 'application/javascript', 'application/x-ndjson'])

/**
 * The viewer for a media type (parameters ignored), or null when the browser cannot show it.
 * Types the server detected from content are what this is given; `text/plain` is what it serves
 * for any text, HTML and code included, so markup is shown, never run.
 */
export function previewKindOf(mediaType: string | null | undefined): PreviewKind | null {
  const type = mediaType?.split(';')[0]?.trim().toLowerCase()
  if (!type) return null
  if (type === 'application/pdf') return 'pdf'
  if (/^image\/(jpeg|png|gif|webp|avif|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon)$/.test(type)) return 'image'
  if (/^video\/(mp4|webm|ogg|quicktime)$/.test(type)) return 'video'
  if (/^audio\/(mpeg|mp4|ogg|wav|x-wav|webm|flac|x-flac|aac)$/.test(type)) return 'audio'
  if (type.startsWith('text/') || textTypes.has(type)) return 'text'
  return null
}
