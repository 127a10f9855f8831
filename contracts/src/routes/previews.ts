import { z } from 'zod'
import { shareIdParams } from '../api/transfers.js'
import { defineRoutes } from './route.js'

export const previewFileParams = shareIdParams.extend({ fileId: z.uuid() })

export const previewQuery = z.object({
  /** `screen`: the screen-size rendition of an image when there is one (else the original). */
  size: z.enum(['original', 'screen']).default('original'),
})

/**
 * Viewing a transfer's files in the browser (issue 19). Never a download: no count, no
 * recipient tracking. The transfer's access grant applies as for downloads; the sender's plan
 * needs `document_preview` (else 403 `plan_feature_missing`).
 */
export const previewsApi = defineRoutes('previews', {
  file: {
    method: 'GET',
    path: '/api/share/:uniqueId/files/:fileId/preview',
    access: 'public',
    summary: "A file's bytes for viewing: its type detected from its content, Range and If-Range, sandboxed",
    description:
      'Sent with the media type read from the bytes (text of any kind as text/plain), ' +
      '`X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`, so HTML and SVG never run ' +
      "on Ferry's origin. Range answers 206. Does not count as a download.",
    params: previewFileParams,
    query: previewQuery,
    responses: { 200: null, 206: null },
  },
  thumbnail: {
    method: 'GET',
    path: '/api/share/:uniqueId/files/:fileId/thumbnail',
    access: 'public',
    summary: 'A small WebP image of the file, made after upload; 404 while there is none',
    params: previewFileParams,
    responses: { 200: null },
  },
})
