import type { Deps } from './deps.js'
import { createAccountService } from './features/account/account.service.js'
import { createAccountDeletion } from './features/account/account-deletion.service.js'
import { createAdminUsersService } from './features/admin/admin-users.service.js'
import { createSetPasswordLinks } from './features/admin/set-password.service.js'
import { createStorageService } from './features/admin/storage.service.js'
import { createAnalyticsService } from './features/analytics/analytics.service.js'
import { createEventLog, createShareEvents } from './features/analytics/index.js'
import { createApiKeysService } from './features/api-keys/api-keys.service.js'
import { createAuthService } from './features/auth/auth.service.js'
import { createAuthRateLimit } from './features/auth/auth-rate-limit.js'
import { createEmailConfirmations } from './features/auth/email-confirmation.service.js'
import { createOwnPasswords } from './features/auth/own-password.service.js'
import { createPasskeys } from './features/auth/passkeys/passkeys.service.js'
import { createPasswordResets } from './features/auth/password-reset.service.js'
import { createActiveSessions } from './features/auth/sessions/sessions.service.js'
import { createSsoSettings } from './features/auth/sso/sso-settings.service.js'
import { createSsoSignIn } from './features/auth/sso/sso-sign-in.service.js'
import { createSecondFactor } from './features/auth/two-factor/second-factor.service.js'
import { createTwoFactorPolicy } from './features/auth/two-factor/two-factor-policy.service.js'
import { createTwoFactorSettings } from './features/auth/two-factor/two-factor-settings.service.js'
import { createBillingServices } from './features/billing/billing.services.js'
import { createSubscriptionSeats } from './features/billing/subscription-seats.service.js'
import { createBrandingService } from './features/branding/branding.service.js'
import { createBrandingFilesQueue } from './features/branding/branding-files.job.js'
import { createCustomDomainsService } from './features/custom-domains/custom-domains.service.js'
import { createFileDigestQueue } from './features/file-digests/file-digests.job.js'
import { createFileScanQueue } from './features/file-scans/file-scans.job.js'
import { createScanHolds } from './features/file-scans/file-scans.service.js'
import { createInvitationsService } from './features/organizations/invitations.service.js'
import { createOrganizationsService } from './features/organizations/organizations.service.js'
import { createSeatsQueue } from './features/organizations/seats.js'
import { createPlansService } from './features/plans/plans.service.js'
import { createPromotionsService } from './features/promotions/promotions.service.js'
import { createReferralsService } from './features/referrals/referrals.service.js'
import { createRequestLinksService } from './features/request-links/request-links.service.js'
import { createDirectTransfersService } from './features/rooms/direct-transfers.service.js'
import { createGuestTokens } from './features/rooms/room-guest-tokens.js'
import { createRoomsService } from './features/rooms/rooms.service.js'
import { createSenderConfirmations } from './features/sender-confirmation/sender-confirmation.service.js'
import { createSshKeysService } from './features/ssh-keys/ssh-keys.service.js'
import { createSystemService } from './features/system/system.service.js'
import { createCommentsService } from './features/transfers/comments/comments.service.js'
import { createDataRoomService } from './features/transfers/data-room/data-room.service.js'
import { createRoomPagesQueue } from './features/transfers/data-room/room-pages.job.js'
import { createDerivativesQueue, createPreviewsService } from './features/transfers/previews/previews.service.js'
import { createSftpService } from './features/transfers/sftp.service.js'
import { createTransfersService } from './features/transfers/transfers.service.js'
import { createUploadClaims, createUploadsService } from './features/uploads/uploads.service.js'
import { createUsersService } from './features/users/users.service.js'
import { createWebhookOutbox } from './features/webhooks/webhook-outbox.service.js'
import { createWebhooksService } from './features/webhooks/webhooks.service.js'
import { createJobQueue } from './jobs/job-queue.js'
import { createQueueFiguresService } from './operations/queue-figures.service.js'

/**
 * The composition root of the features: builds each service exactly once, in dependency order,
 * from the adapters of deps.ts. Routes, sockets and jobs receive what they need from here
 * (app.ts, main.ts, testing/test-app.ts); no service or route builds another feature's service.
 */
export async function createServices(deps: Deps) {
  // The shared job queue (docs/decisions/0017): features enqueue, every instance's worker runs.
  const jobQueue = createJobQueue(deps)
  const plans = createPlansService(deps)
  // Signed webhooks (issue 20 item 5): features write events into the outbox in their own transactions.
  const webhookEvents = createWebhookOutbox(deps, jobQueue)
  const webhooks = createWebhooksService(deps, { jobQueue })
  const users = createUsersService(deps)
  // Organizations (issue 22): members get the owner's plan (plans.repository planSourceOf); seats are billed by a job.
  const seats = createSeatsQueue(deps, jobQueue)
  const organizations = createOrganizationsService(deps, {
    plans,
    seats,
    subscriptions: createSubscriptionSeats(deps),
    files: createBrandingFilesQueue(jobQueue),
  })
  const invitations = createInvitationsService(deps, { organizations, users })
  const passkeys = createPasskeys(deps)
  const secondFactor = createSecondFactor(deps, passkeys)
  // Custom domains (issue 22 item 2): the host gate, Caddy's ask, and the origin of an organization's links.
  const customDomains = createCustomDomainsService(deps, organizations)
  const auth = await createAuthService(deps, users, secondFactor)
  // Single sign-on (issue 23 item 3): the operator's OpenID provider and organizations' own.
  const ssoSignIn = createSsoSignIn(deps, { users, organizations })
  const sso = { signIn: ssoSignIn, settings: createSsoSettings(deps, { organizations, signIn: ssoSignIn }) }
  const apiKeys = createApiKeysService(deps, { users })
  const authRateLimit = createAuthRateLimit(deps)
  const emailConfirmations = createEmailConfirmations(deps)
  const passwordResets = createPasswordResets(deps, users)
  const ownPasswords = createOwnPasswords(deps, { auth, users })
  const twoFactor = createTwoFactorSettings(deps, { secondFactor, ownPasswords })
  // Required two-factor sign-in (issue 23 item 2): the auth guard asks it on every signed-in request.
  const twoFactorPolicy = createTwoFactorPolicy(deps)
  const activeSessions = createActiveSessions(deps)
  const uploadClaims = createUploadClaims(deps)
  const senderConfirmations = createSenderConfirmations(deps, { plans })
  // An organization's stylesheet and backgrounds (issue 22 items 3, 4), on its members' share and request pages.
  const branding = createBrandingService(deps, { organizations, plans })
  const fileDigests = createFileDigestQueue(jobQueue)
  // Virus scanning only with a scanner (CLAMAV_URL, issue 24 item 7): without one nothing waits.
  const fileScans = deps.config.clamavUrl ? createFileScanQueue(jobQueue) : undefined
  const transfers = createTransfersService(deps, {
    plans,
    uploads: uploadClaims,
    senders: senderConfirmations,
    derivatives: createDerivativesQueue(jobQueue),
    roomPages: createRoomPagesQueue(jobQueue),
    fileDigests,
    fileScans,
    scanHolds: createScanHolds(deps),
    webhookEvents,
    branding,
    links: customDomains,
  })
  // The event log (issue 21): downloads, page views and the rest, read by analytics.
  const eventLog = createEventLog(deps)
  const shareEvents = createShareEvents(deps.database.db, eventLog)
  const analytics = createAnalyticsService(deps)
  const previews = createPreviewsService(deps, transfers)
  const dataRoom = createDataRoomService(deps, transfers)
  const comments = createCommentsService(deps, { transfers, jobQueue, webhookEvents })
  const sshKeys = createSshKeysService(deps)
  const sftp = createSftpService(deps, { plans, transfers, sshKeys, eventLog, links: customDomains })
  const accountDeletion = createAccountDeletion(deps, transfers)
  const account = createAccountService(deps, { ownPasswords, deletion: accountDeletion, transfers })
  const requestLinks = createRequestLinksService(deps, {
    plans,
    users,
    uploads: uploadClaims,
    webhookEvents,
    branding,
    fileDigests,
    links: customDomains,
    fileScans,
  })
  // Uploads read the month's sent bytes from transfers and admit request-link uploads through
  // request links; both claim uploads, so they are given to uploads here, not imported by it.
  const uploads = createUploadsService(deps, { usage: transfers, plans, requests: requestLinks })
  const billing = createBillingServices(
    // A new subscription of an organization's owner is re-billed for its seats (decision 0026).
    { ...deps, transfers, applyRecovery: transfers.confirmRecovery, seats },
    { plans, users },
  )
  const referrals = createReferralsService(deps, plans)
  // First-party promotions (issue 22 item 5): a share page's slot follows its sender's plan.
  const promotions = createPromotionsService(deps, { plans, shareSender: transfers.shareSender })
  const setPasswordLinks = createSetPasswordLinks(deps, auth)
  const admin = {
    users: createAdminUsersService(deps, setPasswordLinks, accountDeletion),
    storage: createStorageService(deps, plans),
    links: setPasswordLinks,
  }
  const guests = createGuestTokens(deps)
  const rooms = createRoomsService(deps, { guests, plans })
  const directTransfers = createDirectTransfersService(deps, rooms, transfers)
  const system = createSystemService(deps)
  const queueFigures = createQueueFiguresService(deps)
  return {
    jobQueue,
    customDomains,
    webhookEvents,
    eventLog,
    shareEvents,
    analytics,
    webhooks,
    plans,
    organizations,
    invitations,
    users,
    auth,
    sso,
    apiKeys,
    authRateLimit,
    emailConfirmations,
    passwordResets,
    ownPasswords,
    twoFactor,
    twoFactorPolicy,
    passkeys,
    activeSessions,
    account,
    senderConfirmations,
    transfers,
    branding,
    previews,
    dataRoom,
    comments,
    sftp,
    sshKeys,
    uploads,
    billing,
    referrals,
    promotions,
    requestLinks,
    admin,
    guests,
    rooms,
    directTransfers,
    system,
    queueFigures,
  }
}

export type Services = Awaited<ReturnType<typeof createServices>>
