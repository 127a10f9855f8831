import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { roomGuestHeader } from '@ferry/contracts/api/rooms'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'
import type { Services } from './composition.js'
import type { Deps } from './deps.js'
import { accountRoutes } from './features/account/account.routes.js'
import { adminRoutes } from './features/admin/admin.routes.js'
import { createAdminJobsService } from './features/admin/admin-jobs.service.js'
import { analyticsJobs } from './features/analytics/analytics.jobs.js'
import { analyticsRoutes } from './features/analytics/analytics.routes.js'
import { apiKeysRoutes } from './features/api-keys/api-keys.routes.js'
import { authJobs } from './features/auth/auth.jobs.js'
import { authRoutes } from './features/auth/auth.routes.js'
import { passkeysRoutes } from './features/auth/passkeys/passkeys.routes.js'
import { sessionsRoutes } from './features/auth/sessions/sessions.routes.js'
import { ssoRoutes } from './features/auth/sso/sso.routes.js'
import { twoFactorRoutes } from './features/auth/two-factor/two-factor.routes.js'
import { twoFactorPolicyRoutes } from './features/auth/two-factor/two-factor-policy.routes.js'
import { billingJobs } from './features/billing/billing.jobs.js'
import { billingRoutes } from './features/billing/billing.routes.js'
import { brandingRoutes } from './features/branding/branding.routes.js'
import { brandingFilesHandler } from './features/branding/branding-files.job.js'
import { customDomainsJobs } from './features/custom-domains/custom-domains.jobs.js'
import { customDomainsRoutes } from './features/custom-domains/custom-domains.routes.js'
import { registerCustomHostGate } from './features/custom-domains/custom-host-gate.js'
import { fileDigestHandler } from './features/file-digests/file-digests.job.js'
import { createClamdClient, parseClamdUrl } from './features/file-scans/clamd-client.js'
import { fileScanHandler } from './features/file-scans/file-scans.job.js'
import { organizationsRoutes } from './features/organizations/organizations.routes.js'
import { seatsHandler } from './features/organizations/seats.js'
import { plansRoutes } from './features/plans/plans.routes.js'
import { promotionsRoutes } from './features/promotions/promotions.routes.js'
import { referralsJobs } from './features/referrals/referrals.jobs.js'
import { referralsRoutes } from './features/referrals/referrals.routes.js'
import { requestLinksJobs } from './features/request-links/request-links.jobs.js'
import { requestLinksRoutes } from './features/request-links/request-links.routes.js'
import { roomsJobs } from './features/rooms/rooms.jobs.js'
import { roomsRoutes } from './features/rooms/rooms.routes.js'
import { roomSockets } from './features/rooms/rooms.sockets.js'
import { senderConfirmationJobs } from './features/sender-confirmation/sender-confirmation.jobs.js'
import { senderConfirmationRoutes } from './features/sender-confirmation/sender-confirmation.routes.js'
import { sshKeysRoutes } from './features/ssh-keys/ssh-keys.routes.js'
import { systemRoutes } from './features/system/system.routes.js'
import { commentDigestHandler } from './features/transfers/comments/comment-digest.job.js'
import { commentsRoutes } from './features/transfers/comments/comments.routes.js'
import { registerCommentsSocket } from './features/transfers/comments/comments.sockets.js'
import { dataRoomRoutes } from './features/transfers/data-room/data-room.routes.js'
import { roomPagesHandler } from './features/transfers/data-room/room-pages.job.js'
import { derivativesHandler } from './features/transfers/previews/derivatives.job.js'
import { previewsRoutes } from './features/transfers/previews/previews.routes.js'
import { putUploadRoutes } from './features/transfers/put-upload.routes.js'
import { sftpRoutes } from './features/transfers/sftp.routes.js'
import { shareRoutes } from './features/transfers/share.routes.js'
import { transfersJobs } from './features/transfers/transfers.jobs.js'
import { transfersRoutes } from './features/transfers/transfers.routes.js'
import { uploadsJobs } from './features/uploads/uploads.jobs.js'
import { uploadsRoutes } from './features/uploads/uploads.routes.js'
import { usersRoutes } from './features/users/users.routes.js'
import { webhookDeliveryHandler } from './features/webhooks/webhook-delivery.job.js'
import { webhooksJobs } from './features/webhooks/webhooks.jobs.js'
import { webhooksRoutes } from './features/webhooks/webhooks.routes.js'
import './http/access.js'
import { registerAuthGuard } from './http/auth-guard.js'
import { blobUploadRoutes } from './http/blob-upload.routes.js'
import { registerClientOrigin } from './http/client-origin.js'
import { registerErrorHandler } from './http/error-handler.js'
import { registerInputGuard } from './http/input-guard.js'
import { registerSecurityHeaders } from './http/security-headers.js'
import { registerStaticWeb } from './http/static-web.js'
import { registerWebSockets } from './http/websockets.js'
import type { Job } from './jobs/job-runner.js'
import type { JobHandler } from './jobs/job-worker.js'
import { metricsRoutes } from './operations/metrics.routes.js'
import { registerRequestTracking, requestId } from './operations/request-tracking.js'

/**
 * Builds the HTTP app from its dependencies and the services composition.ts built from them.
 * The features it serves are listed here, explicitly.
 */
export async function buildApp(deps: Deps, services: Services): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    requestTimeout: 0,
    genReqId: requestId,
    // request-tracking.ts logs each request by its route template instead of its URL.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>()

  // Fastify validates a missing body as null; as undefined instead, a body schema's default
  // applies, so a POST that needs no body may send none (POST /api/rooms/{id}/join, L-5).
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route)
    return route.httpPart === 'body' ? (data: unknown) => validate(data === null ? undefined : data) : validate
  })
  app.setSerializerCompiler(serializerCompiler)
  // First, so that every answer carries them, refusals of later hooks included.
  await registerSecurityHeaders(app, deps.config)
  registerErrorHandler(app)
  registerInputGuard(app)
  registerRequestTracking(app, deps.config.instanceId)
  // Before the session and everything else: an unverified custom host serves nothing at all.
  registerCustomHostGate(app, services.customDomains, deps.config.publicUrl)
  registerClientOrigin(app, deps.config)
  const { auth, guests, uploads, rooms, directTransfers } = services
  await auth.bootstrapAdmin()
  await registerAuthGuard(
    app,
    auth,
    { header: roomGuestHeader, read: guests.read },
    { planFlags: services.plans.planForUser },
    services.apiKeys.authenticator,
    services.twoFactorPolicy,
  )
  await registerWebSockets(app, deps.events)

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ferry API', description: 'Self-hostable file transfer', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  await app.register(systemRoutes(services.system))
  await app.register(metricsRoutes(deps, services.queueFigures))
  await app.register(
    authRoutes(deps, {
      auth,
      rateLimit: services.authRateLimit,
      confirmations: services.emailConfirmations,
      passkeys: services.passkeys,
      sso: services.sso.signIn,
    }),
  )
  await app.register(ssoRoutes(deps, { ...services.sso, auth }))
  await app.register(usersRoutes(services.users))
  await app.register(accountRoutes(services.passwordResets, services.ownPasswords, services.account))
  await app.register(twoFactorRoutes(services.twoFactor))
  await app.register(twoFactorPolicyRoutes(services.twoFactorPolicy))
  await app.register(passkeysRoutes(deps.config, services.passkeys))
  await app.register(sessionsRoutes(services.activeSessions))
  await app.register(plansRoutes(services.plans))
  await app.register(organizationsRoutes(services))
  await app.register(uploadsRoutes(uploads))
  await app.register(transfersRoutes(services.transfers))
  await app.register(sftpRoutes(services.sftp))
  await app.register(sshKeysRoutes(services.sshKeys))
  await app.register(senderConfirmationRoutes(services.senderConfirmations))
  await app.register(apiKeysRoutes(services.apiKeys))
  await app.register(webhooksRoutes(services.webhooks))
  await app.register(putUploadRoutes(deps.config, services.transfers, uploads))
  await app.register(shareRoutes(deps, services.transfers, services))
  await app.register(previewsRoutes(deps, services.previews, services.shareEvents))
  await app.register(dataRoomRoutes(services.dataRoom))
  await app.register(analyticsRoutes(services.analytics))
  await app.register(commentsRoutes(services.comments, services.shareEvents))
  await app.register(async (scope) => registerCommentsSocket(scope, deps.events, services.comments))
  await app.register(billingRoutes(services.billing))
  await app.register(brandingRoutes(services.branding))
  await app.register(referralsRoutes(services.referrals))
  await app.register(promotionsRoutes(services.promotions))
  await app.register(customDomainsRoutes(services.customDomains, deps.rateLimiter))
  await app.register(requestLinksRoutes(deps, services.requestLinks))
  await app.register(
    adminRoutes({ ...services.admin, sessions: services.auth, jobs: createAdminJobsService(services.jobQueue) }),
  )
  await app.register(roomsRoutes(rooms, directTransfers, guests))
  await app.register(roomSockets(deps, auth, rooms, directTransfers, guests))
  if (deps.blobs.kind === 'local') await app.register(blobUploadRoutes(deps.blobs, uploads.gate))

  await registerStaticWeb(app, deps.config.webDist)
  return app
}

/** The periodic jobs every instance runs (each tick on one instance only; see jobs/job-runner.ts). */
export function appJobs(deps: Deps, services: Pick<Services, 'webhookEvents' | 'analytics' | 'customDomains'>): Job[] {
  return [
    ...analyticsJobs(deps, services.analytics),
    ...authJobs(deps),
    ...senderConfirmationJobs(deps),
    ...uploadsJobs(deps),
    ...transfersJobs(deps, services.webhookEvents, services.customDomains),
    ...webhooksJobs(deps),
    ...requestLinksJobs(deps),
    ...roomsJobs(deps),
    ...billingJobs(deps),
    ...referralsJobs(deps),
    ...customDomainsJobs(services.customDomains),
  ]
}

/**
 * The handlers of queued jobs, one per kind (docs/decisions/0017): every instance's worker runs
 * them, each job on one instance.
 */
export function appJobHandlers(deps: Deps, services: Services): JobHandler[] {
  return [
    derivativesHandler(deps),
    roomPagesHandler(deps),
    fileDigestHandler(deps),
    ...(deps.config.clamavUrl
      ? [
          fileScanHandler({
            ...deps,
            clamd: createClamdClient(parseClamdUrl(deps.config.clamavUrl)),
            notifyRecipients: services.transfers.notifyHeld,
          }),
        ]
      : []),
    commentDigestHandler(services.comments),
    webhookDeliveryHandler(services.webhooks),
    seatsHandler(deps),
    brandingFilesHandler(deps),
  ]
}
