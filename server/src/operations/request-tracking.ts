import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { processMetrics } from './metrics.js'

export const requestIdHeader = 'x-request-id'
export const instanceHeader = 'x-ferry-instance'

// A caller's id is kept only when it is short and plain, so it cannot forge log lines or headers.
const acceptableId = /^[\w.:@/-]{1,128}$/

/** Fastify's genReqId: the caller's X-Request-Id when acceptable, else a fresh UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader]
  return typeof given === 'string' && acceptableId.test(given) ? given : randomUUID()
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Bytes the connection had written when this request began (to count its response's). */
    bytesWrittenBefore: number
  }
}

/** The route template a request matched, or a fixed label, so metrics never take raw URLs. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched'

/**
 * Echoes the request id and names the instance on every answer, counts each request in the
 * metrics (by route and status, its duration, the bytes it carried each way) and logs it once it
 * is answered. The log line has the route template, never the URL: paths and query strings carry
 * share ids, recipient tokens and upload signatures (Fastify's own request logging is off).
 */
export function registerRequestTracking(app: FastifyInstance, instanceId: string): void {
  const m = processMetrics()
  app.decorateRequest('bytesWrittenBefore', 0)
  app.addHook('onRequest', async (request, reply) => {
    request.bytesWrittenBefore = request.raw.socket?.bytesWritten ?? 0
    reply.header(requestIdHeader, request.id)
    reply.header(instanceHeader, instanceId)
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request)
    const labels = { method: request.method, route, status: String(reply.statusCode) }
    m.httpRequests.inc(labels)
    m.httpDuration.observe(labels, reply.elapsedTime / 1000)
    const ms = Math.round(reply.elapsedTime)
    request.log.info({ method: request.method, route, status: reply.statusCode, ms }, 'request completed')
    const received = Number(request.headers['content-length'])
    if (received > 0) m.bytesUploaded.inc({ route }, received)
    const sent = (request.raw.socket?.bytesWritten ?? 0) - request.bytesWrittenBefore
    if (sent > 0) m.bytesDownloaded.inc({ route }, sent)
  })
}
