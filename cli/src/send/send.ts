import path from 'node:path'
import { splitRecipientInput } from '@ferry/contracts/api/transfers'
import { maxPartBytes, minPartBytes, uploadConcurrency } from '@ferry/contracts/api/uploads'
import { formatFileSize } from '@ferry/contracts/domain/file-size'
import { partSizeFor } from '@ferry/contracts/domain/upload-parts'
import { transfersApi } from '@ferry/contracts/routes/transfers'
import { createApiClient } from '../api.js'
import { resolveLogin, stateDir } from '../config.js'
import { ApiError, CliError, usageExitCode } from '../errors.js'
import { confirmSender } from '../login.js'
import { createProgress } from '../progress.js'
import { ask } from '../prompt.js'
import { createRateLimit } from './put-part.js'
import { scanPaths } from './scan.js'
import { uploadFiles } from './uploader.js'

export interface SendFlags {
  to: string[]
  title?: string
  message?: string
  expires?: string
  password?: string
  askPassword?: boolean
  partSize?: string
  parallel?: string
  limitRate?: string
  server?: string
}

const units: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }

/** '5M', '16MiB', '512k', '1048576' → bytes (binary units, as curl's --limit-rate). */
export function parseByteSize(text: string, what: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?$/i.exec(text.trim())
  if (!match) throw new CliError(`${what}: "${text}" is not a size (for example 16M, 512k).`, usageExitCode)
  return Math.floor(Number(match[1]) * units[match[2]!.toLowerCase()]!)
}

function positiveInteger(text: string, what: string): number {
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) throw new CliError(`${what} must be a whole number above 0.`, usageExitCode)
  return n
}

/**
 * `ferry send <files or folders…> --to a@b.c`: uploads the files (resuming an earlier interrupted
 * run), makes the transfer and prints its share URL on stdout.
 */
export async function send(paths: string[], flags: SendFlags): Promise<void> {
  if (paths.length === 0) throw new CliError('Name the files or folders to send: ferry send <paths…> --to a@b.c', 2)
  const recipients = flags.to.flatMap(splitRecipientInput)
  if (recipients.length === 0) throw new CliError('Who gets it? Add --to a@b.c (as many as you like).', 2)
  const expires = flags.expires === undefined ? undefined : positiveInteger(flags.expires, '--expires (hours)')
  const parallel = flags.parallel === undefined ? uploadConcurrency : positiveInteger(flags.parallel, '--parallel')
  const chosenPartSize = flags.partSize === undefined ? undefined : parseByteSize(flags.partSize, '--part-size')
  if (chosenPartSize !== undefined && (chosenPartSize < minPartBytes || chosenPartSize > maxPartBytes)) {
    throw new CliError(
      `--part-size must be from ${formatFileSize(minPartBytes)} to ${formatFileSize(maxPartBytes)}.`,
      2,
    )
  }
  const limit =
    flags.limitRate === undefined ? undefined : createRateLimit(parseByteSize(flags.limitRate, '--limit-rate'))
  const password = flags.askPassword
    ? await ask('Password for the transfer: ', { secret: true, whatNeeded: 'Give the password with --password.' })
    : flags.password

  const login = await resolveLogin(flags)
  const api = createApiClient(login)
  const files = await scanPaths(paths)
  if (files.length === 0) throw new CliError('There is nothing to send: the folders are empty.')
  const total = files.reduce((sum, f) => sum + f.size, 0)
  // One part size for the whole send, as the server would choose for the largest file, unless given.
  const partSize = chosenPartSize ?? partSizeFor(Math.max(...files.map((f) => f.size)))

  const label = files.length === 1 ? path.basename(files[0]!.name) : `${files.length} files`
  const progress = createProgress(label, total)
  let uploaded: Awaited<ReturnType<typeof uploadFiles>>
  try {
    uploaded = await uploadFiles(files, {
      api,
      stateDir: path.join(stateDir(), 'uploads'),
      partSize,
      parallel,
      limit,
      progress,
    })
  } finally {
    progress.finish()
  }
  const resumed = uploaded.reduce((sum, f) => sum + f.resumedBytes, 0)
  if (resumed > 0) process.stderr.write(`Resumed: ${formatFileSize(resumed)} were already on the server.\n`)

  const body = {
    files: uploaded.map((f) => f.record),
    recipient_emails: recipients,
    title: flags.title,
    message: flags.message,
    expires_in_hours: expires,
    password,
  }
  let created: Awaited<ReturnType<typeof api.call<typeof transfersApi.create>>>
  try {
    created = await api.call(transfersApi.create, { body })
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'sender_confirmation_required')) {
      if (error instanceof ApiError && (error.code === 'upload_claimed' || error.code === 'upload_not_found')) {
        // The remembered uploads are spent or gone: the next run sends the files afresh.
        await Promise.all(uploaded.map((f) => f.state.clear()))
        throw new CliError(`${error.message} Run the same command again to upload the files afresh.`)
      }
      throw error
    }
    await confirmSender(api)
    created = await api.call(transfersApi.create, { body })
  }
  await Promise.all(uploaded.map((f) => f.state.clear()))
  process.stdout.write(`${created.sharing_url}\n`)
}
