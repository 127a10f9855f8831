import type { z } from 'zod'
import type { ApiKeyScope } from '../api/api-keys.js'
import type { PlanFlags } from '../api/plans.js'
import type { ErrorCode } from '../errors.js'

/**
 * Who may call a route. The server checks it before it reads the body:
 * - 'public': anyone (the signed-in user is known when a valid session came along);
 * - 'user': a signed-in user;
 * - 'participant': a signed-in user, or a room visitor with a valid guest token (X-Room-Guest);
 * - 'admin': an admin.
 */
export type Access = 'public' | 'user' | 'participant' | 'admin'

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A status a route succeeds with. */
export type SuccessStatus = 200 | 201 | 202 | 204 | 206 | 302 | 303

/**
 * One HTTP route, defined once: the server registers it from this (validation, OpenAPI, the access
 * check) and the web calls it through it, so path, method and shapes cannot drift apart.
 */
export interface RouteDefinition {
  method: HttpMethod
  /** Fastify-style path: `/api/transfers/:id`. */
  path: string
  access: Access
  /** The 401 code for 'user' and 'participant' routes when nobody is signed in (default 'unauthorized'). */
  unauthorizedCode?: ErrorCode
  /** A plan flag the caller's plan must have, or the route answers 403 `plan_feature_missing`. */
  planFeature?: keyof PlanFlags
  /**
   * The API-key scope that lets a key (`Authorization: Bearer ferry_…`) call this route; a key
   * without it gets 403 `scope_missing`. A 'user', 'participant' or 'admin' route without a scope
   * is never reachable with a key (403 `api_key_not_allowed`): account, profile, billing, admin and
   * the keys themselves. On a 'public' route without a scope a key counts for nothing (anonymous).
   */
  scope?: ApiKeyScope
  /**
   * Stays open to a user whom the required two-factor sign-in (issue 23 item 2) shuts out once
   * their grace period ended: what enrolling needs (TOTP, passkeys, the account, sessions, sign-out).
   * Every other signed-in route answers them 403 `two_factor_enrolment_required`.
   */
  beforeTwoFactor?: true
  summary?: string
  /** A longer explanation for the API document: the rules a caller has to know. */
  description?: string
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /**
   * The body is not JSON but bytes of this media type (`text/css`, `image/*`): the server reads it
   * raw and checks it itself, and the web client sends the string or Blob it is given as it is.
   */
  rawBody?: string
  /**
   * What success looks like, by status: a schema for a JSON body, `null` for anything else (an empty
   * 204, a file, a redirect). Failures always have the one error shape `{detail, code}`.
   */
  responses: Partial<Record<SuccessStatus, z.ZodType | null>>
}

/** A route of a group: `defineRoutes` gives it the group's tag. */
export type DefinedRoute<R extends RouteDefinition = RouteDefinition> = R & { readonly tag: string }

/**
 * Defines the routes of one feature, tagged with its name (the OpenAPI group).
 * `const plansApi = defineRoutes('plans', { list: { method: 'GET', path: '/api/plans', ... } })`
 */
export function defineRoutes<const T extends Record<string, RouteDefinition>>(
  tag: string,
  routes: T,
): { readonly [K in keyof T]: DefinedRoute<T[K]> } {
  const tagged = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, tag }]))
  return tagged as { readonly [K in keyof T]: DefinedRoute<T[K]> }
}

type Schema<T> = T extends z.ZodType ? T : never
type FirstSuccess<R extends RouteDefinition> = R['responses'] extends { 200: infer S }
  ? S
  : R['responses'] extends { 201: infer S }
    ? S
    : R['responses'] extends { 202: infer S }
      ? S
      : R['responses'] extends { 206: infer S }
        ? S
        : null

/** The schema of a route's JSON success body, or null when it has none. */
export function successSchema(route: RouteDefinition): z.ZodType | null {
  for (const status of [200, 201, 202, 206] as const) {
    const schema = route.responses[status]
    if (schema) return schema
  }
  return null
}

/** What a successful call of the route returns (undefined for a body that is not JSON). */
export type RouteOutput<R extends RouteDefinition> =
  FirstSuccess<R> extends z.ZodType ? z.output<Schema<FirstSuccess<R>>> : undefined

type Part<Key extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never }

/** What a call of the route sends: its params, query and body, each typed by its schema. */
export type RouteInput<R extends RouteDefinition> = Part<'params', R['params']> &
  Part<'query', R['query']> &
  (R extends { rawBody: string } ? { body: Blob | string } : Part<'body', R['body']>)

/** Whether a call needs an input at all (a route whose every part is optional may be called bare). */
export type InputArgs<R extends RouteDefinition> =
  object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>]

export type QueryValue = string | number | boolean | null | undefined

/** The route's path with its `:params` filled in (URL-encoded); throws when one is missing. */
export function routePath(route: Pick<RouteDefinition, 'path'>, params: Record<string, unknown> = {}): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '') {
      throw new Error(`Route ${route.path} needs the path parameter "${name}"`)
    }
    return encodeURIComponent(String(value))
  })
}

/** A URL of the route: its path with params, and the query (undefined and null values left out). */
export function routeUrl(
  route: Pick<RouteDefinition, 'path'>,
  input: { params?: Record<string, unknown>; query?: Record<string, QueryValue> } = {},
): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value))
  }
  const query = search.toString()
  return `${routePath(route, input.params)}${query ? `?${query}` : ''}`
}
