import type { RequestCreateRequest } from '@ferry/contracts/api/request-links'
import { requestLinksApi } from '@ferry/contracts/routes/request-links'
import { expect } from 'vitest'
import { bearer, type MailingApp, postJson, registerConfirmedAccount } from '../../auth/testing/auth-test-kit.js'

type Api = (pathname: string, init?: RequestInit) => Promise<Response>

/** POST /file-request/create as `token`; the status and body. */
export async function createLinkAs(
  api: Api,
  token: string | undefined,
  body: RequestCreateRequest | Record<string, unknown> = {},
) {
  const res = await postJson(api, '/file-request/create', body, {
    ...(token ? bearer(token) : {}),
    'x-requested-with': 'XMLHttpRequest',
  })
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { request_id: string; expires_at: string; code?: string },
  }
}

/** A fresh, confirmed account's new request link (for tests of other features that upload to one). */
export async function openRequestLink(app: MailingApp, body: Record<string, unknown> = {}): Promise<string> {
  const { api } = app
  const account = await registerConfirmedAccount(app)
  const created = await postJson(api, requestLinksApi.create.path, body, bearer(account.access_token))
  expect(created.status).toBe(201)
  return ((await created.json()) as { request_id: string }).request_id
}
