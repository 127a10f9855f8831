import {
  twoFactorPolicyRequest,
  twoFactorPolicyResponse,
  twoFactorRequirementResponse,
} from '../api/two-factor-policy.js'
import { defineRoutes } from './route.js'

/** Required two-factor sign-in (issue 23 item 2): the admin's switch, and the account's view of it. */
export const twoFactorPolicyApi = defineRoutes('two-factor', {
  policy: {
    method: 'GET',
    path: '/api/admin/security/two-factor',
    access: 'admin',
    summary: 'Whether two-factor sign-in is required of every account, and its grace period.',
    responses: { 200: twoFactorPolicyResponse },
  },
  setPolicy: {
    method: 'PUT',
    path: '/api/admin/security/two-factor',
    access: 'admin',
    summary: 'Requires two-factor sign-in of every account (or stops), with a grace period in days.',
    description:
      'Each account without a second factor (TOTP or a passkey) may keep working for `grace_days` from when the ' +
      'requirement was switched on, or from its creation if later; then every signed-in route but those enrolling ' +
      'needs answers 403 `two_factor_enrolment_required`. Switching it off and on again starts the grace period anew; ' +
      'changing the days while it is on does not.',
    body: twoFactorPolicyRequest,
    responses: { 200: twoFactorPolicyResponse },
  },
  requirement: {
    method: 'GET',
    path: '/api/account/two-factor-requirement',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Whether the signed-in account must still set up two-factor sign-in, and by when.',
    responses: { 200: twoFactorRequirementResponse },
  },
})
