import { shareExpiredResponse, shareLockedResponse, shareSpentResponse } from '@ferry/contracts/api/transfers'
import { shareApi } from '@ferry/contracts/routes/transfers'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { sendDownload } from '../../http/download/download-reply.js'
import { registerRoute } from '../../http/register-route.js'
import type { EventLog } from '../analytics/index.js'
import { clientOf, type ShareEvents, trackDownload } from '../analytics/index.js'
import { grantsOf, sendGrant } from './access/grant-transport.js'
import { ShareExpiredError, ShareSpentError } from './transfer-rules.js'
import type { TransfersService } from './transfers.service.js'

/** What recipients open: the share record, the unlock, the recipient verification and the download link (contracts/src/routes/transfers.ts). */
export const shareRoutes =
  (
    deps: Pick<Deps, 'blobs' | 'logger' | 'clock'>,
    transfers: TransfersService,
    analytics: { eventLog: EventLog; shareEvents: ShareEvents },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(
      app,
      shareApi.get,
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store')
        let outcome: Awaited<ReturnType<TransfersService['share']>>
        try {
          outcome = await transfers.share(request.params.uniqueId, request.user, request.query.t, grantsOf(request))
        } catch (error) {
          if (!(error instanceof ShareExpiredError || error instanceof ShareSpentError)) throw error
          const { code, detail, title, senderName } = error
          return reply
            .status(error instanceof ShareSpentError ? 410 : 403)
            .send({ detail, code, title, sender_name: senderName })
        }
        if ('locked' in outcome) return reply.status(401).send(outcome.locked)
        // Not awaited: the view is logged beside the answer, not before it (record never throws;
        // grouped with other views, decision 0040).
        void analytics.shareEvents.record('page_view', outcome.transfer, request, {
          recipientId: outcome.linkRecipientId,
        })
        return outcome.open
      },
      { errorResponses: { 401: shareLockedResponse, 403: shareExpiredResponse, 410: shareSpentResponse } },
    )

    registerRoute(app, shareApi.unlock, async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const { uniqueId } = request.params
      let grant: Awaited<ReturnType<TransfersService['unlock']>>
      try {
        grant = await transfers.unlock(uniqueId, request.body.password, request.ip)
      } catch (error) {
        if (error instanceof AppError && error.code === 'password_incorrect') {
          await analytics.shareEvents.record('wrong_password', uniqueId, request)
        }
        throw error
      }
      if (grant) sendGrant(request, reply, request.params.uniqueId, grant, deps.clock.now())
      return reply.status(204).send()
    })

    registerRoute(app, shareApi.requestVerification, async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      await transfers.requestVerification(request.params.uniqueId, request.body.email, request.ip)
      await analytics.shareEvents.record('verification_sent', request.params.uniqueId, request, {
        email: request.body.email,
      })
      return reply.status(202).send()
    })

    registerRoute(app, shareApi.confirmVerification, async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      const { uniqueId } = request.params
      const grant = await transfers.confirmVerification(uniqueId, request.body.email, request.body.code, request.ip)
      sendGrant(request, reply, uniqueId, grant, deps.clock.now(), 'recipient')
      return reply.status(204).send()
    })

    // Not under /api: the browser navigates here (a link), so the download is the browser's own.
    // Fastify answers HEAD from this GET; sendDownload then sends the headers only. The access
    // grant is checked in planShareDownload, before any byte is read or any store URL signed.
    registerRoute(app, shareApi.download, async (request, reply) => {
      const plan = await transfers.planShareDownload(
        request.params.uniqueId,
        request.query,
        request.user,
        grantsOf(request),
      )
      const { transfer } = plan.aggregate
      // Only downloads that count are events: the sender fetching their own files is not one.
      const tracking = plan.counts
        ? trackDownload(
            analytics.eventLog,
            {
              transfer,
              protocol: plan.zip ? 'zip' : request.headers.authorization?.startsWith('Bearer ') ? 'api' : 'http',
              fileId: plan.zip ? null : plan.files[0]!.id,
              recipientId: plan.recipientId,
              bytes: plan.files.reduce((sum, f) => sum + f.fileSize, 0),
            },
            clientOf(request),
          )
        : undefined
      return sendDownload(request, reply, deps, plan, {
        title: transfer.title,
        createdAt: transfer.createdAt,
        goneCode: 'transfer_files_gone',
        started: tracking?.started,
        count: tracking ? async () => tracking.track(await transfers.beginDownload(plan)) : undefined,
        streamThrough: plan.limited,
      })
    })
  }
