import { cssRefusedResponse, maxBackgroundBytes, maxBrandCssBytes } from '@ferry/contracts/api/branding'
import { brandingApi } from '@ferry/contracts/routes/branding'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError, notFound } from '../../errors.js'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { BackgroundFormat } from './background-images.js'
import { type BrandingService, CssRefusedError } from './branding.service.js'

/** A brand file's address names its content (a hash, or a background's id that never changes). */
const immutable = 'public, max-age=31536000, immutable'

/**
 * What a branded page may load from a brand file itself, should someone open it directly: nothing.
 * The stylesheet is read by the page under the page's own policy (style-src 'self').
 */
function brandFileHeaders(reply: FastifyReply, contentType: string) {
  reply.header('Content-Type', contentType)
  reply.header('Cache-Control', immutable)
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox")
}

/** The branding API and the public brand files (contracts/src/routes/branding.ts). */
export const brandingRoutes =
  (branding: BrandingService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, brandingApi.getCss, async (request) =>
      branding.getCss(requireUser(request).id, request.params.id),
    )

    registerRoute(app, brandingApi.deleteCss, async (request, reply) => {
      await branding.deleteCss(requireUser(request).id, request.params.id)
      return reply.status(204).send()
    })

    registerRoute(app, brandingApi.listBackgrounds, async (request) => ({
      backgrounds: await branding.listBackgrounds(requireUser(request).id, request.params.id),
    }))

    registerRoute(app, brandingApi.updateBackground, async (request) =>
      branding.updateBackground(
        requireUser(request).id,
        request.params.id,
        request.params.background_id,
        request.body.alt,
      ),
    )

    registerRoute(app, brandingApi.deleteBackground, async (request, reply) => {
      await branding.deleteBackground(requireUser(request).id, request.params.id, request.params.background_id)
      return reply.status(204).send()
    })

    registerRoute(app, brandingApi.home, async (request) => branding.home(requireUser(request).id))

    registerRoute(app, brandingApi.cssFile, async (request, reply) => {
      const css = await branding.cssFile(request.params.organization, request.params.file.slice(0, -'.css'.length))
      if (css === null) throw notFound()
      brandFileHeaders(reply, 'text/css; charset=utf-8')
      return reply.send(css)
    })

    registerRoute(app, brandingApi.imageFile, async (request, reply) => {
      const [width, format] = request.params.file.split('.') as [string, BackgroundFormat]
      const { organization, background } = request.params
      const bytes = await branding.imageFile(organization, background, Number(width), format)
      if (!bytes) throw notFound()
      // Streamed by Ferry, never redirected to the store: a branded page loads nothing from another host.
      brandFileHeaders(reply, `image/${format}`)
      return reply.send(bytes)
    })

    // The stylesheet and the images arrive raw: only these two routes read such bodies.
    await app.register(async (raw) => {
      raw.addContentTypeParser(
        'text/css',
        { parseAs: 'string', bodyLimit: maxBrandCssBytes + 16 * 1024 },
        (_r, body, done) => done(null, body),
      )
      raw.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: maxBackgroundBytes }, (_r, body, done) =>
        done(null, body),
      )

      registerRoute(
        raw,
        brandingApi.putCss,
        async (request, reply) => {
          if (typeof request.body !== 'string')
            throw new AppError('bad_request', 400, 'Send the stylesheet as text/css.')
          try {
            await branding.putCss(requireUser(request).id, request.params.id, request.body)
          } catch (error) {
            if (!(error instanceof CssRefusedError)) throw error
            const { detail, line, column, reason, subject } = error
            return reply.status(422).send({ detail, code: 'css_refused' as const, line, column, reason, subject })
          }
          return reply.status(204).send()
        },
        { errorResponses: { 422: cssRefusedResponse } },
      )

      registerRoute(raw, brandingApi.uploadBackground, async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('background_invalid', 422)
        const created = await branding.addBackground(
          requireUser(request).id,
          request.params.id,
          request.query.alt,
          request.body,
        )
        return reply.status(201).send(created)
      })
    })
  }
