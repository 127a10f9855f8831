/**
 * Where a file's data-room renders live: beside it in the blob store, named after it, never
 * served as they are (each page is watermarked per request).
 */
export const roomPageKey = (fileKey: string, page: number) => `${fileKey}.room.${page}.webp`
/** The PDF form LibreOffice made of an office document (a PDF's own form is the file itself). */
export const roomPdfKey = (fileKey: string) => `${fileKey}.room.pdf`

/** Every render key a file may have, for purging it: its pages and its converted PDF. */
export function roomKeysOf(file: { fileKey: string; roomPages: number | null; roomPdfKey: string | null }): string[] {
  const pages = Array.from({ length: file.roomPages ?? 0 }, (_, i) => roomPageKey(file.fileKey, i + 1))
  return file.roomPdfKey && file.roomPdfKey !== file.fileKey ? [...pages, file.roomPdfKey] : pages
}
