/**
 * A `Content-Disposition` header value (RFC 6266) that names a download in every browser:
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded UTF-8>`.
 * The fallback keeps printable ASCII, drops accents and puts `_` for anything else (and for
 * `"`, `\` and `%`, which some clients mishandle); the header never holds a control character.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const name = fileName.replace(/\p{Cc}/gu, '').trim() || 'download'
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/gu, '_') || 'download'
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`
}

/** RFC 5987 `value-chars`: encodeURIComponent leaves `'()*` alone, which attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}
