import { transferCreateRequest } from '@ferry/contracts/api/transfers'
import { putUploadApi } from '@ferry/contracts/routes/api-keys'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.js'
import { AppError, badRequest } from '../../errors.js'
import { requireUser } from '../../http/auth-guard.js'
import { cutUnreadBodyAfterAnswer } from '../../http/blob-upload.routes.js'
import { clientOriginLink } from '../../http/client-origin.js'
import { registerRoute } from '../../http/register-route.js'
import { senderProof } from '../../http/sender-proof.js'
import type { UploadsService } from '../uploads/uploads.service.js'
import type { TransfersService } from './transfers.service.js'

/** Without `to`, the transfer is shared by its link only: the script prints it. */
const linkOnlyAllowed = { recipientsOptional: true }

/**
 * `PUT /api/put/{filename}` (issue 20 item 3): `curl -T file https://host/api/put/file -H
 * "Authorization: Bearer <key>"`. The body streams into the blob store as the caller's upload
 * (uploads' `receiveBody`: the plan's limits first, no whole-file buffering), then the one
 * transfer creation claims it and emails the recipients; the answer is the share URL as text.
 * Register it without fastify-plugin, so its content-type parser (none: the body stays a
 * stream) stays inside this plugin.
 */
export const putUploadRoutes =
  (
    config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>,
    transfers: Pick<TransfersService, 'admitSender' | 'create'>,
    uploads: Pick<UploadsService, 'receiveBody' | 'discardReceived'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', (_request, _payload, done) => done(null))

    registerRoute(
      app,
      putUploadApi.put,
      async (request, reply) => {
        const user = requireUser(request)
        const proof = senderProof(request)
        const { to, expires_in_hours, title, message } = request.query
        const parsed = transferCreateRequest.safeParse({ recipient_emails: to, expires_in_hours, title, message })
        if (!parsed.success) {
          cutUnreadBodyAfterAnswer(request, reply)
          throw badRequest(parsed.error.issues.map((issue) => issue.message).join('; '), 'validation_failed')
        }
        const input = parsed.data
        const lengthHeader = request.headers['content-length']
        const chunked = /\bchunked\b/i.test(request.headers['transfer-encoding'] ?? '')
        if (lengthHeader === undefined && !chunked) throw new AppError('put_length_required', 411)
        const size = lengthHeader === undefined ? undefined : Number(lengthHeader)
        const contentType = request.headers['content-type']
        try {
          // Before a byte is stored: who may send, to whom, for how long (and a confirmed sender).
          await transfers.admitSender(user, input, proof, linkOnlyAllowed)
          const stored = await uploads.receiveBody(
            { userId: user.id, ip: request.ip },
            {
              filename: request.params.filename,
              content_type: contentType && !/[\r\n]/.test(contentType) ? contentType : 'application/octet-stream',
              file_size: size,
            },
            request.raw,
          )
          let created: Awaited<ReturnType<TransfersService['create']>>
          try {
            created = await transfers.create(
              user,
              {
                ...input,
                files: [{ file_key: stored.key, file_name: request.params.filename, file_size: stored.size }],
              },
              request.ip,
              proof,
              linkOnlyAllowed,
            )
          } catch (error) {
            await uploads.discardReceived(stored.key)
            throw error
          }
          return reply
            .status(201)
            .type('text/plain; charset=utf-8')
            .send(`${clientOriginLink(request, config, created.sharing_url)}\n`)
        } catch (error) {
          if (request.raw.destroyed && !request.raw.complete) {
            request.log.info('Upload abandoned by the client; nothing was kept')
            // Not an answer anyone reads: the client is gone.
            return (reply as FastifyReply).code(499).send()
          }
          cutUnreadBodyAfterAnswer(request, reply)
          throw error
        }
      },
      { bodyLimit: Number.MAX_SAFE_INTEGER },
    )
  }
