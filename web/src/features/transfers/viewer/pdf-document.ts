import { GlobalWorkerOptions, getDocument, PDFDataRangeTransport, type PDFDocumentLoadingTask } from 'pdfjs-dist'
// The worker is bundled by Vite as an asset of this origin (the app's CSP allows workers from 'self').
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { fetchRange } from './byte-range.js'

GlobalWorkerOptions.workerSrc = workerUrl

/** pdf.js asks for bytes in chunks of this size; the first one also tells the file's size. */
export const pdfChunkBytes = 256 * 1024

/**
 * Opens a PDF from its preview URL by ranges only: one Range request for the first chunk (which
 * gives the size and the version), then, through pdf.js's range transport, only the chunks it
 * needs to draw the pages asked for (the cross-reference table at the end, then a page's
 * objects). `disableAutoFetch` keeps it from fetching the rest in the background, so a large PDF
 * shows page 1 after a few hundred KiB and is never held whole in memory. Every later range asks
 * for the same version (If-Range); a changed file fails instead of mixing two versions.
 */
export async function openPdfByRanges(
  url: string,
  signal: AbortSignal,
  onRangeError: (error: unknown) => void,
): Promise<PDFDocumentLoadingTask> {
  const first = await fetchRange(url, 0, pdfChunkBytes - 1, { signal })
  const options = {
    rangeChunkSize: pdfChunkBytes,
    disableAutoFetch: true,
    disableStream: true,
    // The app's CSP has no 'unsafe-eval'; pdf.js draws fonts without it.
    isEvalSupported: false,
    useSystemFonts: true,
  }
  if (first.bytes.byteLength >= first.total) return getDocument({ ...options, data: first.bytes })
  const transport = new PDFDataRangeTransport(first.total, first.bytes)
  transport.requestDataRange = (begin: number, end: number) => {
    fetchRange(url, begin, end - 1, { ifRange: first.etag, signal })
      .then((answer) => transport.onDataRange(begin, answer.bytes))
      .catch((error: unknown) => {
        if (!signal.aborted) onRangeError(error)
      })
  }
  return getDocument({ ...options, range: transport })
}
