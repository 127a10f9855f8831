import {
  type InputArgs,
  type RouteDefinition,
  type RouteOutput,
  routePath,
  successSchema,
} from '@ferry/contracts/routes/route'
import { ApiError, networkErrorMessage, parseErrorBody, parseJsonBody } from './api-error.js'

/**
 * What the api client needs from whoever owns the login (features/auth registers it). The
 * session itself travels in the httpOnly auth cookie the browser attaches; script never holds it.
 */
export interface ApiAuthHooks {
  /** Called on any 401 from the main API: clear the stored login and send the user to /login. */
  onUnauthorized(): void
}

const noAuth: ApiAuthHooks = { onUnauthorized: () => {} }
let authHooks: ApiAuthHooks = noAuth

/** Installs the auth hooks every api client uses; returns a function that removes them. */
export function registerApiAuth(hooks: ApiAuthHooks): () => void {
  authHooks = hooks
  return () => {
    if (authHooks === hooks) authHooks = noAuth
  }
}

/** Anything with `parse`, such as a zod schema from @ferry/contracts. */
export interface ResponseParser<T> {
  parse(input: unknown): T
}

export type QueryValue = string | number | boolean | null | undefined

/** What a call may add beside its input. */
export interface CallOptions {
  signal?: AbortSignal
  headers?: Record<string, string>
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, QueryValue>
  /** Sent as JSON, or as it is when `rawBody` names its media type. */
  body?: unknown
  rawBody?: string
  /** Validates and types the response body. */
  schema?: ResponseParser<T>
  headers?: Record<string, string>
  signal?: AbortSignal
}

export interface ApiClient {
  /**
   * Calls a route defined in `@ferry/contracts/routes`: path params filled in, query and body
   * sent, the success body parsed by the route's own schema (undefined when it has none).
   */
  call<R extends RouteDefinition>(route: R, ...args: [...InputArgs<R>, options?: CallOptions]): Promise<RouteOutput<R>>
}

export interface ApiClientOptions {
  /** Prefix for every path; '' means same origin. */
  baseUrl?: string
  fetch?: typeof globalThis.fetch
  /**
   * Whether a 401 triggers the auth hook. True for the main API; the auth service's own calls
   * (a wrong password answers 401) turn it off.
   */
  handleUnauthorized?: boolean
  /**
   * Whether the session (the auth cookie) goes along (default true); the upload-request page
   * sends none (spec/transfers.md §7), so its calls are the link's, not the signed-in user's.
   */
  withSession?: boolean
}

/** 401 codes that ask for a transfer's password, not for signing in. */
const transferAccessCodes = new Set([
  'password_required',
  'password_incorrect',
  'verification_required',
  'verification_code_incorrect',
])

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const search = params.toString()
  return `${baseUrl}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  return type.includes('json') ? JSON.parse(text) : text
}

/**
 * A fetch wrapper for Ferry's API (spec/transfers.md §7): credentials included (the auth cookie is
 * the session), `X-Requested-With` (which lets the cookie vouch for a change), JSON both ways;
 * failures throw `ApiError`.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const { baseUrl = '', handleUnauthorized = true, withSession = true } = options
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  async function request<T>(path: string, req: ApiRequestOptions<T> = {}): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...req.headers,
    }
    // A route with a raw body (a stylesheet, an image) sends it as it is, typed by the Blob or the route.
    const raw = req.rawBody !== undefined
    if (req.body !== undefined) {
      headers['Content-Type'] = raw
        ? req.body instanceof Blob && req.body.type
          ? req.body.type
          : (req.rawBody as string)
        : 'application/json'
    }

    let response: Response
    try {
      response = await doFetch(buildUrl(baseUrl, path, req.query), {
        method: req.method ?? 'GET',
        headers,
        body: req.body === undefined ? undefined : raw ? (req.body as BodyInit) : JSON.stringify(req.body),
        credentials: withSession ? 'include' : 'omit',
        signal: req.signal,
      })
    } catch (error) {
      if (req.signal?.aborted) throw error
      throw new ApiError(0, networkErrorMessage, 'network_error')
    }

    if (!response.ok) {
      const text = await response.text().catch(() => '')
      const { detail, code } = parseErrorBody(text)
      // A transfer's own lock (its password) is not the session's: the user stays signed in.
      if (response.status === 401 && handleUnauthorized && !transferAccessCodes.has(code ?? ''))
        authHooks.onUnauthorized()
      throw new ApiError(response.status, detail, code, parseJsonBody(text))
    }
    const body = await readBody(response)
    // A route that may also answer 204 (nothing to show) has no body to parse then.
    if (response.status === 204) return undefined as T
    return req.schema ? req.schema.parse(body) : (body as T)
  }

  function call<R extends RouteDefinition>(
    route: R,
    ...args: [...InputArgs<R>, options?: CallOptions]
  ): Promise<RouteOutput<R>> {
    const [input, options] = args as unknown as [
      { params?: Record<string, unknown>; query?: Record<string, QueryValue>; body?: unknown } | undefined,
      CallOptions | undefined,
    ]
    const schema = successSchema(route)
    return request(routePath(route, input?.params), {
      method: route.method,
      query: input?.query,
      body: input?.body,
      rawBody: route.rawBody,
      schema: schema ?? undefined,
      headers: options?.headers,
      signal: options?.signal,
    }) as Promise<RouteOutput<R>>
  }

  // Only `call`: every request names a route of contracts, so no path is written twice.
  return { call }
}

/** The main API's client (routes under /api and /auth). */
export const apiClient = createApiClient()
