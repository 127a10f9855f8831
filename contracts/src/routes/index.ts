import { accountApi } from './account.js'
import { adminApi } from './admin.js'
import { analyticsApi } from './analytics.js'
import { apiKeysApi, putUploadApi } from './api-keys.js'
import { authApi } from './auth.js'
import { billingApi } from './billing.js'
import { brandingApi } from './branding.js'
import { commentsApi } from './comments.js'
import { customDomainsApi } from './custom-domains.js'
import { dataRoomApi } from './data-room.js'
import { organizationsApi } from './organizations.js'
import { passkeysApi } from './passkeys.js'
import { plansApi } from './plans.js'
import { previewsApi } from './previews.js'
import { promotionsApi } from './promotions.js'
import { referralsApi } from './referrals.js'
import { requestLinksApi } from './request-links.js'
import { roomsApi } from './rooms.js'
import type { DefinedRoute } from './route.js'
import { senderConfirmationApi } from './sender-confirmation.js'
import { sessionsApi } from './sessions.js'
import { sftpApi, sshKeysApi } from './sftp.js'
import { ssoApi } from './sso.js'
import { systemApi } from './system.js'
import { shareApi, transfersApi } from './transfers.js'
import { twoFactorApi } from './two-factor.js'
import { twoFactorPolicyApi } from './two-factor-policy.js'
import { uploadsApi } from './uploads.js'
import { usersApi } from './users.js'
import { webhooksApi } from './webhooks.js'

/**
 * Every route of the API, each defined once; the server registers them with `registerRoute` and
 * the OpenAPI document lists exactly these (server/src/http/openapi.test.ts).
 */
export const allRoutes: readonly DefinedRoute[] = [
  ...Object.values(plansApi),
  ...Object.values(authApi),
  ...Object.values(billingApi),
  ...Object.values(brandingApi),
  ...Object.values(referralsApi),
  ...Object.values(adminApi),
  ...Object.values(requestLinksApi),
  ...Object.values(roomsApi),
  ...Object.values(systemApi),
  ...Object.values(transfersApi),
  ...Object.values(shareApi),
  ...Object.values(previewsApi),
  ...Object.values(commentsApi),
  ...Object.values(dataRoomApi),
  ...Object.values(uploadsApi),
  ...Object.values(usersApi),
  ...Object.values(accountApi),
  ...Object.values(twoFactorApi),
  ...Object.values(twoFactorPolicyApi),
  ...Object.values(passkeysApi),
  ...Object.values(sessionsApi),
  ...Object.values(senderConfirmationApi),
  ...Object.values(apiKeysApi),
  ...Object.values(putUploadApi),
  ...Object.values(webhooksApi),
  ...Object.values(promotionsApi),
  ...Object.values(sftpApi),
  ...Object.values(customDomainsApi),
  ...Object.values(ssoApi),
  ...Object.values(sshKeysApi),
  ...Object.values(analyticsApi),
  ...Object.values(organizationsApi),
]
