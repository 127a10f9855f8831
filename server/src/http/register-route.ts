import { errorResponse } from '@ferry/contracts/api/system'
import type { RouteDefinition } from '@ferry/contracts/routes/route'
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** Error responses of a route beyond the one error shape, by status (RouteOptions.errorResponses). */
type ErrorResponses = Partial<Record<number, ZodType>>

/** The Fastify schema a definition stands for, so handlers get typed params, query, body and replies. */
interface SchemaOf<R extends RouteDefinition, E extends ErrorResponses> {
  params: R['params']
  querystring: R['query']
  body: R['body']
  response: R['responses'] & E
}

/** A handler of the route, typed by its definition (and its own error responses, if any). */
export type RouteHandler<
  R extends RouteDefinition,
  E extends ErrorResponses = Record<never, never>,
> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R, E>,
  ZodTypeProvider,
  FastifyBaseLogger
>

export interface RouteOptions<E extends ErrorResponses = ErrorResponses> {
  /** Overrides the server's body limit for this route. */
  bodyLimit?: number
  /**
   * A 4xx whose body carries more than the one error shape `{detail, code}` (a request link's 410
   * with `expires_at`), by status: without it, the serializer would drop the extra fields.
   */
  errorResponses?: E
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contracts definition the route was registered from (see registerRoute). */
    route?: RouteDefinition
  }
}

/**
 * Registers a route from its one definition in `@ferry/contracts/routes`: method and path,
 * validation of params, query and body, the success responses and the one error shape for the
 * OpenAPI document, and the access rule (`config.access`, `unauthorizedCode`, `planFeature`, `scope`) that
 * the auth guard enforces in `onRequest`, before the body is read (http/auth-guard.ts).
 */
export function registerRoute<
  R extends RouteDefinition & { tag?: string },
  E extends ErrorResponses = Record<never, never>,
>(app: ZodApp, route: R, handler: RouteHandler<R, E>, options: RouteOptions<E> = {}): void {
  const named = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1])
  if (named.length > 0 && !route.params) {
    throw new Error(`Route ${route.method} ${route.path} has path parameters but defines no params schema`)
  }
  const response: Record<string, ZodType> = {}
  for (const [status, schema] of Object.entries(route.responses)) if (schema) response[status] = schema
  response['4xx'] = errorResponse
  const { errorResponses, ...routeOptions } = options
  // The API document says which routes take an API key, and with which scope.
  const keyNote = route.scope
    ? `API keys with the scope \`${route.scope}\` may call it.`
    : route.access === 'public'
      ? undefined
      : 'Not for API keys (403 `api_key_not_allowed`).'
  const description = [route.description, keyNote].filter(Boolean).join('\n\n')
  for (const [status, schema] of Object.entries(errorResponses ?? {})) if (schema) response[status] = schema
  app.route({
    method: route.method,
    url: route.path,
    ...routeOptions,
    schema: {
      ...(route.tag ? { tags: [route.tag] } : {}),
      ...(route.summary ? { summary: route.summary } : {}),
      ...(description ? { description } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response,
    },
    config: {
      access: route.access,
      unauthorizedCode: route.unauthorizedCode,
      planFeature: route.planFeature,
      scope: route.scope,
      beforeTwoFactor: route.beforeTwoFactor,
      route,
    },
    handler: handler as RouteHandlerMethod,
  })
}
