import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { s3BrowserOrigins } from '../adapters/blob-store/s3-blob-store.js'
import type { Config } from '../config.js'
import { isGuardedPath } from './auth-guard.js'

/** Google Identity Services, when sign-in with Google is configured (its documented CSP needs). */
const googleIdentity = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frameAndConnect: 'https://accounts.google.com/gsi/',
}

/** `ws:`/`wss:` twin of an http(s) origin (browsers before Safari 16 do not match sockets with 'self'). */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws')

/**
 * The Content-Security-Policy of the web app (security review M-5). The built app has no inline
 * script (web/dist/index.html loads hashed modules from /assets); Mantine writes its CSS variables
 * into `<style>` elements, hence 'unsafe-inline' for styles only. Connections go to this origin
 * (API, room sockets), to PUBLIC_URL (signed local upload URLs point there), to the S3 bucket
 * (presigned PUT and GET) and to Google's sign-in endpoints when those are configured. Peer
 * connections (WebRTC) are not governed by CSP.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const google = config.google.clientId !== undefined
  const connect = ["'self'"]
  if (config.publicUrlConfigured) {
    const origin = new URL(config.publicUrl).origin
    connect.push(origin, socketOrigin(origin))
  }
  if (config.storage.kind === 's3') connect.push(...s3BrowserOrigins(config.storage))
  if (google) connect.push(googleIdentity.frameAndConnect)
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // 'wasm-unsafe-eval' lets WebAssembly compile (the share page hashes downloads with hash-wasm,
    // issue 24), and nothing else: JavaScript eval stays refused.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(google ? [googleIdentity.script] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...(google ? [googleIdentity.style] : [])],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'frame-src': google ? [googleIdentity.frameAndConnect] : ["'none'"],
    'connect-src': [...new Set(connect)],
  }
}

/** One year, as browsers' preload lists expect; sent only on https answers. */
export const hstsValue = 'max-age=31536000; includeSubDomains'

/**
 * Browser security headers on every answer (security review M-5, L-11), through @fastify/helmet:
 * the app's CSP with `frame-ancestors 'none'` (and X-Frame-Options DENY for older browsers),
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` (share and upload-request URLs
 * are capabilities, product.md §4). HSTS only when the request came over https (directly or from a
 * trusted proxy's X-Forwarded-Proto), so a plain-http install does not lock browsers out. API
 * answers are `Cache-Control: no-store` unless the route chose its own caching: they carry
 * accounts' data, tokens and signed URLs. A route may still send a stricter CSP of its own
 * (downloads send `sandbox`).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Google's sign-in may open a popup that reports back to this window.
    crossOriginOpenerPolicy: { policy: config.google.clientId ? 'same-origin-allow-popups' : 'same-origin' },
    // Same-site: e-mail clients and other apps on the same site may still link images or files.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', hstsValue)
  })
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    const pathOnly = request.url.split('?')[0] ?? '/'
    if (isGuardedPath(pathOnly) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store')
  })
}
