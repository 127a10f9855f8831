import path from 'node:path'
import { instanceHeader } from '../../operations/request-tracking.js'
import { readOutbox } from '../../testing/mail-reader.js'

type Api = (pathname: string, init?: RequestInit) => Promise<Response>

/** The instance that answered (its X-Ferry-Instance header). */
export const servedBy = (response: Response) => response.headers.get(instanceHeader) ?? 'unknown'

/** A JSON call: status, body and the instance that answered. */
export async function callJson<T = Record<string, unknown>>(
  api: Api,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const response = await api(pathname, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON (e.g. the proxy's own answer).
  }
  return { status: response.status, body: body as T & { code?: string; detail?: string }, instance: servedBy(response) }
}

/**
 * Calls until the answer is not a gateway error (502/503 from the proxy while an instance is
 * down, or 503 while a dependency restarts), as a browser's retry would; gives up after `timeoutMs`.
 */
export async function callUntilUp<T = Record<string, unknown>>(
  call: () => Promise<{ status: number; body: T }>,
  timeoutMs = 30_000,
): Promise<{ status: number; body: T }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const result = await call().catch((error: unknown) => ({ status: 0, body: { error: String(error) } as T }))
    if (![0, 502, 503].includes(result.status) || Date.now() > deadline) return result
    // A poll interval: the loop looks at the condition again (not a wait for something to happen).
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** Waits until `check` holds (polling), or throws with `what`. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    // A poll interval: the loop looks at the condition again (not a wait for something to happen).
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`Timed out waiting until ${what}`)
}

/**
 * POST /auth/register, then confirms the address with the code of the confirmation email in the
 * cluster's shared outbox (spec/accounts.md §2): an account that sends transfers must be confirmed.
 * Its session then confirms the sender code the Free plan asks for, from the same outbox, unless
 * `confirmSender` is false (a test that sends from a later session confirms that one instead: one
 * code a minute per address).
 */
export async function registerConfirmed<T = Record<string, unknown>>(
  cluster: { api: Api; dataDir: string },
  options: { body: { email: string; password: string; name: string }; confirmSender?: boolean },
) {
  const registered = await callJson<T>(cluster.api, 'POST', '/auth/register', { body: options.body })
  if (registered.status !== 201) return registered
  const { email } = options.body
  const mail = (await readOutbox(path.join(cluster.dataDir, 'mail')))
    .filter((m) => m.to.includes(email) && m.links.some((link) => link.includes('/confirm-email#token=')))
    .at(-1)
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1]
  if (!code) throw new Error(`No confirmation code for ${email} in the cluster's outbox`)
  const confirmed = await callJson(cluster.api, 'POST', '/auth/confirm-email', { body: { email, code } })
  if (confirmed.status !== 204) throw new Error(`Confirming ${email} answered ${confirmed.status}`)
  const token = (registered.body as { access_token?: string }).access_token
  if (options.confirmSender !== false && token) await confirmSenderSession(cluster, token, email)
  return registered
}

/** Confirms a session as a sender (the Free plan's code, issue 18 item 7) with the code emailed to the cluster's outbox. */
export async function confirmSenderSession(cluster: { api: Api; dataDir: string }, token: string, email: string) {
  const asked = await callJson(cluster.api, 'POST', '/api/sender-confirmation/code', { token })
  if (asked.status !== 204) throw new Error(`Asking a sender code for ${email} answered ${asked.status}`)
  const codeMail = (await readOutbox(path.join(cluster.dataDir, 'mail')))
    .filter((m) => m.to.includes(email) && /: \d{6}$/.test(m.subject))
    .at(-1)
  const senderCode = codeMail && /: (\d{6})$/.exec(codeMail.subject)?.[1]
  if (!senderCode) throw new Error(`No sender code for ${email} in the cluster's outbox`)
  const sender = await callJson(cluster.api, 'POST', '/api/sender-confirmation', { body: { code: senderCode }, token })
  if (sender.status !== 204) throw new Error(`Confirming the sender ${email} answered ${sender.status}`)
}
