import {
  deviceIdParams,
  recoveryCodesResponse,
  rememberedDevicesResponse,
  totpConfirmRequest,
  totpEnrolmentResponse,
  twoFactorProofRequest,
  twoFactorStatusResponse,
} from '../api/two-factor.js'
import { defineRoutes } from './route.js'

/** Two-factor sign-in settings of the signed-in account (issue 23 item 2). */
export const twoFactorApi = defineRoutes('two-factor', {
  status: {
    method: 'GET',
    path: '/api/account/totp',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left.',
    responses: { 200: twoFactorStatusResponse },
  },
  enrol: {
    method: 'POST',
    path: '/api/account/totp',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'A new TOTP secret and its otpauth URL; nothing changes until a code from it is confirmed.',
    responses: { 200: totpEnrolmentResponse },
  },
  confirm: {
    method: 'POST',
    path: '/api/account/totp/confirm',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Turns two-factor sign-in on with a first code; answers the 10 recovery codes, shown only this once.',
    body: totpConfirmRequest,
    responses: { 200: recoveryCodesResponse },
  },
  disable: {
    method: 'DELETE',
    path: '/api/account/totp',
    access: 'user',
    summary: 'Turns two-factor sign-in off (password or a current code); recovery codes and remembered devices go too.',
    body: twoFactorProofRequest,
    responses: { 204: null },
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/api/account/totp/recovery-codes',
    access: 'user',
    summary: 'Ten new recovery codes (password or a current code); the old ones stop working.',
    body: twoFactorProofRequest,
    responses: { 200: recoveryCodesResponse },
  },
  devices: {
    method: 'GET',
    path: '/api/account/devices',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Browsers remembered for the second step.',
    responses: { 200: rememberedDevicesResponse },
  },
  forgetDevice: {
    method: 'DELETE',
    path: '/api/account/devices/:id',
    access: 'user',
    summary: 'Forgets one remembered browser: it asks for a code again at the next sign-in.',
    params: deviceIdParams,
    responses: { 204: null },
  },
  forgetAllDevices: {
    method: 'DELETE',
    path: '/api/account/devices',
    access: 'user',
    summary: 'Forgets every remembered browser.',
    responses: { 204: null },
  },
})
