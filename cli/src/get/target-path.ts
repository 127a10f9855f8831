import path from 'node:path'
import { CliError } from '../errors.js'

/**
 * Where a transfer's file goes under `outDir`: its name's folders kept ('photos/2024/a.jpg'), but
 * never outside `outDir`: empty, '.' and '..' segments and leading slashes are dropped, as the web
 * cleans names it uploads (web/src/features/uploads/file-names.ts). A name is the sender's text.
 */
export function targetPath(outDir: string, fileName: string): string {
  const segments = fileName
    .split(/[\\/]+/)
    .map((s) => s.trim())
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never belong in a path
    .filter((s) => s !== '' && s !== '.' && s !== '..' && !/[\u0000-\u001f]/.test(s))
  if (segments.length === 0) throw new CliError(`The transfer has a file without a usable name ("${fileName}").`)
  const root = path.resolve(outDir)
  const target = path.resolve(root, ...segments)
  if (!target.startsWith(root + path.sep)) throw new CliError(`"${fileName}" would land outside ${root}.`)
  return target
}

/** A share link's parts: the server's origin (with any base path), the share id and the recipient token. */
export function parseShareUrl(link: string): { server: string; uniqueId: string; token?: string } {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    throw new CliError(`"${link}" is not a share link (https://…/share/…).`, 2)
  }
  const match = /^(.*)\/share\/([^/]+)\/?$/.exec(url.pathname)
  if (!match || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new CliError(`"${link}" is not a share link (https://…/share/…).`, 2)
  }
  return {
    server: `${url.origin}${match[1]}`,
    uniqueId: decodeURIComponent(match[2]!),
    token: url.searchParams.get('t') ?? undefined,
  }
}
