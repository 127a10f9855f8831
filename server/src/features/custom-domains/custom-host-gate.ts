import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { rebaseUrls } from '../../http/client-origin.js'
import type { CustomDomainsService } from './custom-domains.service.js'

/** Pages and APIs of one transfer (by share id) or one request link: what a custom host serves. */
const transferPaths = [/^\/share\/([^/]+)(?:\/download)?\/?$/, /^\/api\/share\/([^/]+)(?:\/.*)?$/]
const requestPaths = [/^\/upload\/([^/]+)\/?$/, /^\/api\/file-request\/([^/]+)(?:\/(?:upload|complete))?\/?$/]
/**
 * The upload APIs a request page calls: allowed on a custom host only for an upload to one of the
 * organization's request links, which is known once the body is read (the preHandler check).
 */
const uploadStarts = new Set(['/api/presign', '/api/multipart/create'])
const uploadSteps = new Set([
  '/api/multipart/sign-part',
  '/api/multipart/sign-parts',
  '/api/multipart/list-parts',
  '/api/multipart/complete',
  '/api/multipart/abort',
])
/** What the web app reads on any public page (anonymous there: session cookies stay on the main host). */
const publicReads = new Set(['/api/system/config', '/auth/config', '/auth/verify', '/api/plans'])
const serverPrefixes = ['/api/', '/auth/', '/ws/']
const operational = new Set(['/healthz', '/readyz', '/metrics'])

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

const refuse = (reply: FastifyReply) =>
  reply.status(404).header('Cache-Control', 'no-store').send({ detail: errorMessages.not_found, code: 'not_found' })

/**
 * Requests for a custom host (issue 22 item 2), before anything else reads them:
 * - a host no organization added: untouched, served as Ferry serves any host;
 * - a host added but not (or no longer) verified: 404 for everything;
 * - a verified host: the organization's share and request pages, the APIs they call, the web
 *   app's files and signed blob URLs, and the upload APIs for the organization's request links;
 *   a transfer or request link of another organization, and
 *   every other page or API (sign-in, accounts, admin), answer 404.
 */
export function registerCustomHostGate(app: FastifyInstance, domains: CustomDomainsService, publicUrl: string) {
  const onCustomHost = new WeakSet<FastifyRequest>()
  /** Uploads let through on a custom host, to be checked against the body: the host's organization. */
  const uploadsToCheck = new WeakMap<FastifyRequest, string>()
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Probes and scrapers address the instance, not a site, and must answer during a database outage.
    if (operational.has(request.url.split('?')[0] ?? '')) return
    const standing = await domains.standing(request.host)
    if (standing.kind === 'ordinary') return
    if (standing.kind === 'unverified') return refuse(reply)
    const path = request.url.split('?')[0] ?? '/'
    if (request.method === 'POST' && (uploadStarts.has(path) || uploadSteps.has(path))) {
      uploadsToCheck.set(request, standing.organizationId)
      onCustomHost.add(request)
      return
    }
    if (!(await allowed(request.method, path, standing.organizationId))) return refuse(reply)
    onCustomHost.add(request)
  })
  // After validation, so the body is read: an upload for another organization's link (or a sender's
  // own upload, which belongs on the main host where they are signed in) is refused like any path.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const organizationId = uploadsToCheck.get(request)
    if (organizationId === undefined) return
    if ((await uploadOrganization(request.url.split('?')[0] ?? '', request.body)) !== organizationId) {
      return refuse(reply)
    }
  })
  // Links in answers given on a custom host (a share page's download link) stay on that host, where
  // the page's access cookies are, even when PUBLIC_URL names the main one.
  app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) =>
    onCustomHost.has(request) ? rebaseUrls(payload, publicUrl, `${request.protocol}://${request.host}`) : payload,
  )

  async function uploadOrganization(path: string, body: unknown): Promise<string | null> {
    const fields = (body ?? {}) as { request_id?: unknown; key?: unknown }
    if (uploadStarts.has(path)) {
      return typeof fields.request_id === 'string' ? domains.organizationOfRequestLink(fields.request_id) : null
    }
    return typeof fields.key === 'string' ? domains.organizationOfUpload(fields.key) : null
  }

  async function allowed(method: string, path: string, organizationId: string): Promise<boolean> {
    for (const pattern of transferPaths) {
      const id = pattern.exec(path)?.[1]
      if (id !== undefined) {
        const uniqueId = decode(id)
        return uniqueId !== null && (await domains.organizationOfTransfer(uniqueId)) === organizationId
      }
    }
    for (const pattern of requestPaths) {
      const id = pattern.exec(path)?.[1]
      if (id !== undefined) {
        const requestId = decode(id)
        return requestId !== null && (await domains.organizationOfRequestLink(requestId)) === organizationId
      }
    }
    // Signed upload and download URLs of the local store: their signature is the gate.
    if (path.startsWith('/blobs/')) return true
    const reading = method === 'GET' || method === 'HEAD'
    if (reading && publicReads.has(path)) return true
    // The web app's own files (scripts, styles, images, translations): the same for everyone.
    return reading && /\.[a-z0-9]+$/i.test(path) && !serverPrefixes.some((p) => path.startsWith(p))
  }
}
