import { senderConfirmationApi } from '@ferry/contracts/routes/sender-confirmation'
import { transfersApi } from '@ferry/contracts/routes/transfers'
import { type ApiClient, createApiClient } from './api.js'
import { normaliseServer, readStoredLogin, writeStoredLogin } from './config.js'
import { ApiError, CliError } from './errors.js'
import { ask, interactive } from './prompt.js'

export interface LoginFlags {
  server?: string
  key?: string
}

/** What a key may do, as far as the CLI's commands go. */
export interface KeyAbilities {
  read: boolean
  write: boolean
}

/**
 * Checks a key against the server without changing anything: GET /api/transfers (transfers:read)
 * and GET /api/sender-confirmation (transfers:write). 401 means the key is wrong or revoked; 403
 * `scope_missing` means it is good but lacks that scope.
 */
export async function checkKey(api: ApiClient): Promise<KeyAbilities & { confirmationRequired: boolean }> {
  const allowed = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await call()
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.code === 'scope_missing') return undefined
      if (error instanceof ApiError && error.status === 401) {
        throw new CliError(
          `${api.server} refused this key (${error.detail.trim()}). Check it, or make a new one on your profile page.`,
        )
      }
      throw error
    }
  }
  const list = await allowed(() => api.call(transfersApi.list, { query: { limit: '1' } }))
  const status = await allowed(() => api.call(senderConfirmationApi.status))
  return { read: list !== undefined, write: status !== undefined, confirmationRequired: status?.required ?? false }
}

/**
 * Confirms the key as a sender on a plan that asks for it (DECISIONS §12 requires_otp): the server
 * emails a 6-digit code to the account's address, and the person types it here. Once per key.
 */
export async function confirmSender(api: ApiClient): Promise<void> {
  if (!interactive()) {
    throw new CliError(
      'Your plan asks senders to confirm an emailed code once per key: run `ferry login` in a terminal to do it.',
    )
  }
  try {
    await api.call(senderConfirmationApi.sendCode)
  } catch (error) {
    // A code sent a moment ago still works; anything else is worth saying.
    if (!(error instanceof ApiError && error.code === 'sender_code_too_soon')) throw error
  }
  const { email } = await api.call(senderConfirmationApi.status)
  process.stderr.write(`Ferry emailed a 6-digit code to ${email} to confirm you as a sender.\n`)
  for (let tries = 0; ; tries++) {
    const code = await ask('Code: ', { whatNeeded: 'The emailed code is needed to send.' })
    try {
      await api.call(senderConfirmationApi.confirm, { body: { code } })
      process.stderr.write('Confirmed: this key may send.\n')
      return
    } catch (error) {
      if (error instanceof ApiError && error.code === 'sender_code_incorrect' && tries < 4) {
        process.stderr.write(`${error.detail}\n`)
        continue
      }
      throw error
    }
  }
}

/** `ferry login [--server URL] [--key KEY]`: checks the key and keeps it (0600) for the next commands. */
export async function login(flags: LoginFlags): Promise<void> {
  const stored = await readStoredLogin()
  const serverInput =
    flags.server ??
    process.env.FERRY_SERVER ??
    ((interactive()
      ? await ask(`Ferry server${stored.server ? ` [${stored.server}]` : ''}: `, { whatNeeded: 'Give --server URL.' })
      : undefined) ||
      stored.server)
  const server = serverInput ? normaliseServer(serverInput) : stored.server
  if (!server) throw new CliError('Which Ferry server? Give --server https://ferry.example.com.', 2)
  const key =
    flags.key ??
    (await ask('API key (make one on your profile page, under API keys): ', {
      secret: true,
      whatNeeded: 'Give the key with --key, or pipe it: echo "$KEY" | ferry login --server URL.',
    }))
  if (!key) throw new CliError('No key given.', 2)
  const api = createApiClient({ server, key })
  const abilities = await checkKey(api)
  if (!abilities.read && !abilities.write) {
    throw new CliError('This key has neither transfers:read nor transfers:write: make one with the scopes you need.')
  }
  const file = await writeStoredLogin({ server, key })
  process.stderr.write(`Logged in to ${server}; the key is kept in ${file} (readable by you only).\n`)
  if (!abilities.write) process.stderr.write('This key cannot send or delete (no transfers:write scope).\n')
  if (!abilities.read) process.stderr.write('This key cannot list transfers (no transfers:read scope).\n')
  if (abilities.write && abilities.confirmationRequired) {
    if (interactive()) await confirmSender(api)
    else process.stderr.write('Your plan asks senders to confirm an emailed code: run `ferry login` in a terminal.\n')
  }
}
