import type { FastifyInstance, FastifyRequest } from 'fastify'

/** Replaces the `from` origin at the start of every string in a JSON value with `to`. */
export function rebaseUrls(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') {
    const rest = value.slice(from.length)
    return value.startsWith(from) && /^([/?#]|$)/.test(rest) ? to + rest : value
  }
  if (Array.isArray(value)) return value.map((v) => rebaseUrls(v, from, to))
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rebaseUrls(v, from, to)]))
  }
  return value
}

/**
 * Without PUBLIC_URL, Ferry cannot know its own address, and the default (localhost) breaks
 * uploads and links for a browser that opened it as http://192.168.1.5:3000. So, unless
 * PUBLIC_URL pins it, links in API answers follow the origin the browser used. (Emails have no
 * browser to follow and keep PUBLIC_URL.)
 */
export function registerClientOrigin(
  app: FastifyInstance,
  config: { publicUrl: string; publicUrlConfigured: boolean },
) {
  if (config.publicUrlConfigured) return
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const origin = `${request.protocol}://${request.host}`
    return origin === config.publicUrl ? payload : rebaseUrls(payload, config.publicUrl, origin)
  })
}

/** A link for an answer that is not JSON (plain text): rebased like JSON links when PUBLIC_URL is unset. */
export function clientOriginLink(
  request: FastifyRequest,
  config: { publicUrl: string; publicUrlConfigured: boolean },
  url: string,
): string {
  if (config.publicUrlConfigured) return url
  return rebaseUrls(url, config.publicUrl, `${request.protocol}://${request.host}`) as string
}
