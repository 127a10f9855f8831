import {
  ssoCallbackQuery,
  ssoDiscoverQuery,
  ssoDiscoverResponse,
  ssoOrganizationParams,
  ssoSettingsRequest,
  ssoSettingsResponse,
  ssoSettingsSchema,
  ssoStartQuery,
} from '../api/sso.js'
import { defineRoutes } from './route.js'

/** Single sign-on with OpenID Connect (issue 23 item 3, docs/decisions/0039). */
export const ssoApi = defineRoutes('sso', {
  start: {
    method: 'GET',
    path: '/auth/sso/start',
    access: 'public',
    summary: "Sends the browser to the provider: the operator's, or the one serving `email`'s domain",
    description:
      'Authorization code flow with PKCE (S256), state and nonce; the flow is kept server-side for ten ' +
      'minutes and bound to this browser by an httpOnly cookie. 404 `sso_not_configured` when no provider applies.',
    query: ssoStartQuery,
    responses: { 302: null },
  },
  callback: {
    method: 'GET',
    path: '/auth/sso/callback',
    access: 'public',
    summary: 'Where the provider sends the browser back; signs in and redirects to the app',
    description:
      'A state that is unknown, expired, already used or not this browser’s, a code the provider refuses ' +
      '(PKCE), an ID token whose signature, issuer, audience, nonce or expiry does not verify: all redirect to ' +
      '`/signin?sso_error=<code>` without a session.',
    query: ssoCallbackQuery,
    responses: { 302: null },
  },
  discover: {
    method: 'GET',
    path: '/auth/sso/discover',
    access: 'public',
    summary: "Whether an address's domain signs in with single sign-on, and whether it must",
    query: ssoDiscoverQuery,
    responses: { 200: ssoDiscoverResponse },
  },
  get: {
    method: 'GET',
    path: '/api/organizations/:id/sso',
    access: 'user',
    summary: "The organization's OpenID provider settings (owner or admin), without the secret",
    params: ssoOrganizationParams,
    responses: { 200: ssoSettingsResponse },
  },
  put: {
    method: 'PUT',
    path: '/api/organizations/:id/sso',
    access: 'user',
    summary: "Sets the organization's OpenID provider (owner or admin)",
    description:
      'The issuer is discovered at once (400 `sso_issuer_invalid` when it cannot be). A new email domain must be ' +
      'proven again by its TXT record; `sso_required` needs a verified domain (409 `sso_domain_unverified`). ' +
      'The client secret is sealed at rest and never returned.',
    params: ssoOrganizationParams,
    body: ssoSettingsRequest,
    responses: { 200: ssoSettingsSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/organizations/:id/sso',
    access: 'user',
    summary: "Removes the organization's provider: its members sign in with passwords again",
    params: ssoOrganizationParams,
    responses: { 204: null },
  },
  verifyDomain: {
    method: 'POST',
    path: '/api/organizations/:id/sso/verify-domain',
    access: 'user',
    summary: 'Looks the email domain’s TXT record up now; answers the settings with the result',
    params: ssoOrganizationParams,
    responses: { 200: ssoSettingsSchema },
  },
})
