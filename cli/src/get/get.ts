import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { accessGrantHeader, type ShareResponse } from '@ferry/contracts/api/transfers'
import { routeUrl } from '@ferry/contracts/routes/route'
import { shareApi } from '@ferry/contracts/routes/transfers'
import { type ApiClient, createApiClient, errorFromResponse, networkError } from '../api.js'
import { ApiError, CliError } from '../errors.js'
import { createProgress, type Progress } from '../progress.js'
import { ask, interactive } from '../prompt.js'
import { parseShareUrl, targetPath } from './target-path.js'

export interface GetFlags {
  output?: string
  password?: string
  email?: string
  force?: boolean
}

/** The share answer: each file's `sha256` is the server's digest of its bytes, null until the server has read it through. */
type ShareFile = ShareResponse['transfer']['files'][number]
const shareRoute = shareApi.get

/** The name a download is kept under until its last byte is there (and from which it resumes). */
export const partialName = (target: string) => `${target}.ferry-partial`

/** `ferry get <share url> [-o dir]`: every file of the transfer, resumed where an earlier run stopped. */
export async function get(link: string, flags: GetFlags): Promise<void> {
  const { server, uniqueId, token } = parseShareUrl(link)
  const api = createApiClient({ server })
  const headers: Record<string, string> = {}
  const share = await openShare(api, uniqueId, token, headers, flags)
  if (!share.download_url && share.transfer.clean_data_room) {
    throw new CliError(
      `"${share.transfer.title || uniqueId}" is a clean data room: its files can be viewed in the browser, not downloaded.`,
    )
  }
  if (!share.download_url) {
    throw new CliError(
      `"${share.transfer.title || uniqueId}" cannot be downloaded any more (${share.transfer.status}).`,
    )
  }
  const outDir = path.resolve(flags.output ?? '.')
  const files = share.transfer.files
  const plan = files.map((file) => ({ file, target: targetPath(outDir, file.file_name) }))
  const progress = createProgress(
    files.length === 1 ? path.basename(plan[0]!.target) : `${files.length} files`,
    share.transfer.total_size,
  )
  let unchecked = 0
  try {
    for (const { file, target } of plan) {
      const existing = await stat(target).catch(() => undefined)
      if (existing && !flags.force) {
        if (existing.size !== file.file_size) {
          throw new CliError(`${target} already exists and is not this file; move it away or use --force.`)
        }
        // Finished by an earlier run: checked, not fetched twice.
        if (file.sha256) await verifySha256(target, file.sha256)
        else unchecked++
        progress.add(file.file_size)
        continue
      }
      await download(api, share.download_url, file, target, { headers, token, progress })
      if (file.sha256) await verifySha256(target, file.sha256)
      else unchecked++
    }
  } finally {
    progress.finish()
  }
  const where = path.relative(process.cwd(), outDir) || '.'
  process.stderr.write(
    `${files.length} file${files.length === 1 ? '' : 's'} in ${where}` +
      (unchecked > 0
        ? ' (sizes checked; the server has no SHA-256 of them yet: it reads each file through shortly after upload).\n'
        : ' (SHA-256 checked).\n'),
  )
}

/**
 * GET /api/share/{id}; a transfer behind a password or open only to its recipients is opened first
 * (unlock, or the emailed code), and the grant goes into `headers` for every later request.
 */
async function openShare(
  api: ApiClient,
  uniqueId: string,
  token: string | undefined,
  headers: Record<string, string>,
  flags: GetFlags,
) {
  const query = { params: { uniqueId }, query: { t: token } }
  for (let tries = 0; ; tries++) {
    try {
      return await api.call(shareRoute, query, { headers })
    } catch (error) {
      if (!(error instanceof ApiError) || tries > 3) throw error
      if (error.code === 'password_required') headers[accessGrantHeader] = await unlock(api, uniqueId, flags)
      else if (error.code === 'verification_required') headers[accessGrantHeader] = await verify(api, uniqueId, flags)
      else throw error
    }
  }
}

async function unlock(api: ApiClient, uniqueId: string, flags: GetFlags): Promise<string> {
  let password = flags.password
  for (;;) {
    password ??= await ask('This transfer has a password: ', {
      secret: true,
      whatNeeded: 'This transfer has a password: give it with --password.',
    })
    try {
      const { headers } = await api.callWithHeaders(shareApi.unlock, { params: { uniqueId }, body: { password } })
      const grant = headers.get(accessGrantHeader)
      if (!grant) throw new CliError('The server unlocked the transfer but sent no grant; is it a Ferry server?')
      return grant
    } catch (error) {
      // A typed password may be retyped; a given one is simply wrong.
      if (error instanceof ApiError && error.code === 'password_incorrect' && interactive() && !flags.password) {
        process.stderr.write(`${error.detail}\n`)
        password = undefined
        continue
      }
      throw error
    }
  }
}

async function verify(api: ApiClient, uniqueId: string, flags: GetFlags): Promise<string> {
  if (!interactive()) {
    throw new CliError(
      'Only its recipients may open this transfer, after a code emailed to them: run ferry get in a terminal.',
    )
  }
  const email =
    flags.email ?? (await ask('Only recipients may open this transfer. Your email: ', { whatNeeded: 'Give --email.' }))
  await api.call(shareApi.requestVerification, { params: { uniqueId }, body: { email } })
  process.stderr.write(`If ${email} is a recipient, a 6-digit code is on its way there.\n`)
  const code = await ask('Code: ', { whatNeeded: 'The emailed code is needed.' })
  const { headers } = await api.callWithHeaders(shareApi.confirmVerification, {
    params: { uniqueId },
    body: { email, code },
  })
  const grant = headers.get(accessGrantHeader)
  if (!grant) throw new CliError('The server confirmed the code but sent no grant; is it a Ferry server?')
  return grant
}

/**
 * One file into `target`: bytes go to `<target>.ferry-partial`, which a later run continues with a
 * Range request (a 200 instead of 206 means the server sends it all again, so it starts over);
 * renamed to `target` once it has exactly the file's size.
 */
async function download(
  api: ApiClient,
  downloadPath: string,
  file: ShareFile,
  target: string,
  options: { headers: Record<string, string>; token?: string; progress: Progress },
): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true })
  const partial = partialName(target)
  let have = (await stat(partial).catch(() => undefined))?.size ?? 0
  if (have > file.file_size) {
    await rm(partial)
    have = 0
  }
  const url = api.resolve(
    `${downloadPath.split('?')[0]}${routeUrl({ path: '' }, { query: { file_key: file.file_key, t: options.token } })}`,
  )
  if (have < file.file_size || file.file_size === 0) {
    const headers: Record<string, string> = { ...options.headers }
    if (have > 0) headers.Range = `bytes=${have}-`
    let response: Response
    try {
      response = await fetch(url, { headers })
    } catch (error) {
      throw networkError(api.server, error)
    }
    if (response.status === 416) {
      // What we hold is no prefix the server recognises: start over.
      await rm(partial, { force: true })
      return download(api, downloadPath, file, target, options)
    }
    if (!response.ok) throw await errorFromResponse(response)
    const appending = response.status === 206 && have > 0
    if (!appending) have = 0
    options.progress.add(have)
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        options.progress.add(chunk.length)
        done(null, chunk)
      },
    })
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>),
      counter,
      createWriteStream(partial, { flags: appending ? 'a' : 'w' }),
    )
  } else {
    options.progress.add(have)
  }
  const size = (await stat(partial)).size
  if (size !== file.file_size) {
    if (size > file.file_size) await rm(partial, { force: true })
    throw new CliError(
      `${file.file_name}: got ${size} bytes where the transfer has ${file.file_size}; run the command again to resume.`,
    )
  }
  await rename(partial, target)
}

async function verifySha256(file: string, expected: string): Promise<void> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(file), hash)
  const actual = hash.digest('hex')
  if (actual !== expected.toLowerCase()) {
    throw new CliError(
      `${file}: its SHA-256 is ${actual}, not the server's ${expected}: the bytes differ (use --force to fetch it again).`,
    )
  }
}
