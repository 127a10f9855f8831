import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Paths the server owns: an unknown one is a JSON 404, never the web app. */
const apiPrefixes = ['/api/', '/auth/', '/blobs/', '/ws/']
// The share page /share/{id} is the web app's; its download link below it is the server's.
const serverPaths = [/^\/share\/[^/]+\/download\/?$/]
const isApiPath = (url: string) =>
  apiPrefixes.some((p) => url.startsWith(p)) || url === '/api' || serverPaths.some((r) => r.test(url))

const immutable = 'public, max-age=31536000, immutable'

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for client routes. Without a build, only the API is served.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html')
  const hasWeb = fs.existsSync(indexFile)
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      maxAge: 0,
      setHeaders(reply: FastifyReply, filePath: string) {
        const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep)
        reply.header('Cache-Control', hashed ? immutable : 'no-cache')
      },
    })
  } else {
    app.log.warn({ webDist }, 'No web build found: serving the API only (run `npm run build`).')
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathOnly = request.url.split('?')[0] ?? '/'
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathOnly)
    const looksLikeFile = path.extname(pathOnly) !== ''
    if (hasWeb && wantsPage && !looksLikeFile) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html')
    }
    return reply.status(404).send({
      detail: isApiPath(pathOnly) ? errorMessages.route_not_found : errorMessages.not_found,
      code: isApiPath(pathOnly) ? 'route_not_found' : 'not_found',
    })
  })
}
