import {
  type InputArgs,
  type QueryValue,
  type RouteDefinition,
  type RouteOutput,
  routeUrl,
  successSchema,
} from '@ferry/contracts/routes/route'
import { ApiError } from './errors.js'

/** What a call may add beside its input: headers (a transfer grant) and a way to give up. */
export interface CallOptions {
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** The whole answer of a call, for the few routes whose headers matter (unlock's grant). */
export interface CallResult<T> {
  body: T
  headers: Headers
}

export interface ApiClient {
  readonly server: string
  /**
   * Calls a route of `@ferry/contracts/routes` as the web does (web/src/lib/api-client.ts): path
   * params filled in, query and body sent, the success body parsed by the route's own schema.
   */
  call<R extends RouteDefinition>(route: R, ...args: [...InputArgs<R>, options?: CallOptions]): Promise<RouteOutput<R>>
  /** As `call`, with the answer's headers. */
  callWithHeaders<R extends RouteDefinition>(
    route: R,
    ...args: [...InputArgs<R>, options?: CallOptions]
  ): Promise<CallResult<RouteOutput<R>>>
  /** An absolute URL on this server for a path or URL the server handed out (relative or not). */
  resolve(pathOrUrl: string): string
}

type Input = { params?: Record<string, unknown>; query?: Record<string, QueryValue>; body?: unknown }

/** Reads `{detail, code}` from an error answer, whatever else it is. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  const fields = (body ?? {}) as { detail?: unknown; code?: unknown; message?: unknown }
  const detail =
    typeof fields.detail === 'string'
      ? fields.detail
      : typeof fields.message === 'string'
        ? fields.message
        : `The server answered ${response.status} ${response.statusText}.`.replace(' .', '.')
  return new ApiError(response.status, typeof fields.code === 'string' ? fields.code : undefined, detail, body)
}

/** A network failure (no answer at all) as the one-line error a person can act on. */
export function networkError(server: string, error: unknown): ApiError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const why = cause?.code ?? cause?.message ?? (error as Error).message
  return new ApiError(0, 'network_error', `Could not reach ${server} (${why}). Check the address and your network.`)
}

/**
 * A client of Ferry's API for a terminal: the key goes as `Authorization: Bearer`, JSON both ways,
 * failures throw `ApiError` (status, code, the server's sentence). No cookies: a key is the caller.
 */
export function createApiClient(options: { server: string; key?: string; fetch?: typeof globalThis.fetch }): ApiClient {
  const { server, key } = options
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const resolve = (pathOrUrl: string) => new URL(pathOrUrl, `${server}/`).toString()

  async function callWithHeaders<R extends RouteDefinition>(
    route: R,
    ...args: [...InputArgs<R>, options?: CallOptions]
  ): Promise<CallResult<RouteOutput<R>>> {
    const [input, callOptions] = args as unknown as [Input | undefined, CallOptions | undefined]
    const headers: Record<string, string> = { Accept: 'application/json', ...callOptions?.headers }
    if (key) headers.Authorization = `Bearer ${key}`
    if (input?.body !== undefined) headers['Content-Type'] = 'application/json'
    const url = `${server}${routeUrl(route, { params: input?.params, query: input?.query })}`
    let response: Response
    try {
      response = await doFetch(url, {
        method: route.method,
        headers,
        body: input?.body === undefined ? undefined : JSON.stringify(input.body),
        signal: callOptions?.signal,
      })
    } catch (error) {
      if (callOptions?.signal?.aborted) throw error
      throw networkError(server, error)
    }
    if (!response.ok) throw await errorFromResponse(response)
    const schema = successSchema(route)
    const text = response.status === 204 ? '' : await response.text()
    let body: unknown
    if (schema) {
      try {
        body = schema.parse(JSON.parse(text))
      } catch {
        throw new ApiError(
          response.status,
          'unexpected_answer',
          `${server} answered ${route.method} ${route.path} with something this ferry does not understand; is it a Ferry server of the same version?`,
        )
      }
    }
    return { body: body as RouteOutput<R>, headers: response.headers }
  }

  return {
    server,
    resolve,
    callWithHeaders,
    async call(route, ...args) {
      return (await callWithHeaders(route, ...args)).body
    },
  }
}
