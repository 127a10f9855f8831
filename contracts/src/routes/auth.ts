import {
  authConfigResponse,
  confirmEmailRequest,
  googleRequest,
  loginRequest,
  loginResponse,
  logoutResponse,
  registerRequest,
  verifyRequest,
  verifyResponse,
} from '../api/auth.js'
import { defineRoutes } from './route.js'

/** The auth service's routes (spec/transfers.md §7, base /auth). Sign-in answers also set the auth cookie. */
export const authApi = defineRoutes('auth', {
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    body: loginRequest,
    responses: { 200: loginResponse },
  },
  /** Signs the new account in at once; sending waits until its address is confirmed (spec/accounts.md §2). */
  register: {
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    body: registerRequest,
    responses: { 201: loginResponse },
  },
  /** `{token}` from the emailed link, or `{email, code}`: proves the account owns its address (spec/accounts.md §2). */
  confirmEmail: {
    method: 'POST',
    path: '/auth/confirm-email',
    access: 'public',
    body: confirmEmailRequest,
    responses: { 204: null },
  },
  /** Emails a new link and code, throttled (429 with Retry-After). */
  resendConfirmation: {
    method: 'POST',
    path: '/auth/confirm-email/resend',
    access: 'user',
    responses: { 204: null },
  },
  /** Exchanges a Google ID token; 501 when the server has no Google client id. */
  google: {
    method: 'POST',
    path: '/auth/google',
    access: 'public',
    body: googleRequest,
    responses: { 200: loginResponse },
  },
  /** Revokes the session of the request (if any) and clears the auth cookie. */
  logout: {
    method: 'POST',
    path: '/auth/logout',
    access: 'public',
    responses: { 200: logoutResponse },
  },
  /** Ends every session of the signed-in user, this one included (product.md §15). */
  logoutAll: {
    method: 'POST',
    path: '/auth/logout-all',
    access: 'user',
    beforeTwoFactor: true,
    description: 'Logs out of all devices: every session of the user ends, this one included.',
    responses: { 200: logoutResponse },
  },
  /** Without `token`, checks the session of the request itself (its auth cookie): the web app's way. */
  verify: {
    method: 'POST',
    path: '/auth/verify',
    access: 'public',
    body: verifyRequest,
    responses: { 200: verifyResponse },
  },
  /** What the browser needs to offer sign-in: the Google client id, or null without Google. */
  config: {
    method: 'GET',
    path: '/auth/config',
    access: 'public',
    responses: { 200: authConfigResponse },
  },
})
