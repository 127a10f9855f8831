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

/** The Fastify schema a definition stands for, so handlers get typed params, query and body. */
interface SchemaOf<R extends RouteDefinition> {
  params: R['params']
  querystring: R['query']
  body: R['body']
  response: R['responses']
}

/** A handler of the route, typed by its definition. */
export type RouteHandler<R extends RouteDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  ZodTypeProvider,
  FastifyBaseLogger
>

export interface RouteOptions {
  /** Overrides the server's body limit for this route. */
  bodyLimit?: number
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
 * OpenAPI document, and the access rule (`config.access`, `unauthorizedCode`, `planFeature`) that
 * the auth guard enforces in `onRequest`, before the body is read (http/auth-guard.ts).
 */
export function registerRoute<R extends RouteDefinition & { tag?: string }>(
  app: ZodApp,
  route: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  const named = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1])
  if (named.length > 0 && !route.params) {
    throw new Error(`Route ${route.method} ${route.path} has path parameters but defines no params schema`)
  }
  const response: Record<string, ZodType> = {}
  for (const [status, schema] of Object.entries(route.responses)) if (schema) response[status] = schema
  response['4xx'] = errorResponse
  app.route({
    method: route.method,
    url: route.path,
    ...options,
    schema: {
      ...(route.tag ? { tags: [route.tag] } : {}),
      ...(route.summary ? { summary: route.summary } : {}),
      ...(route.description ? { description: route.description } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response,
    },
    config: {
      access: route.access,
      unauthorizedCode: route.unauthorizedCode,
      planFeature: route.planFeature,
      route,
    },
    handler: handler as RouteHandlerMethod,
  })
}
