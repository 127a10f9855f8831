import { loginResponse } from '../api/auth.js'
import {
  passkeyIdParams,
  passkeyOptionsResponse,
  passkeyRegisterRequest,
  passkeyRenameRequest,
  passkeySchema,
  passkeySignInRequest,
  passkeysResponse,
} from '../api/passkeys.js'
import { defineRoutes } from './route.js'

/** Passkeys of the signed-in account, and signing in with one (issue 23 item 2). */
export const passkeysApi = defineRoutes('passkeys', {
  list: {
    method: 'GET',
    path: '/api/account/passkeys',
    access: 'user',
    beforeTwoFactor: true,
    summary: "The account's passkeys.",
    responses: { 200: passkeysResponse },
  },
  registrationOptions: {
    method: 'POST',
    path: '/api/account/passkeys/options',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Options for navigator.credentials.create(); the challenge works once, for 5 minutes.',
    responses: { 200: passkeyOptionsResponse },
  },
  register: {
    method: 'POST',
    path: '/api/account/passkeys',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Adds the passkey the browser created for the last options.',
    body: passkeyRegisterRequest,
    responses: { 201: passkeySchema },
  },
  rename: {
    method: 'PATCH',
    path: '/api/account/passkeys/:id',
    access: 'user',
    params: passkeyIdParams,
    body: passkeyRenameRequest,
    responses: { 200: passkeySchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/account/passkeys/:id',
    access: 'user',
    params: passkeyIdParams,
    responses: { 204: null },
  },
  signInOptions: {
    method: 'POST',
    path: '/auth/passkey/options',
    access: 'public',
    summary: 'Options for navigator.credentials.get() (passwordless or second step); the challenge works once.',
    responses: { 200: passkeyOptionsResponse },
  },
  signIn: {
    method: 'POST',
    path: '/auth/passkey',
    access: 'public',
    summary: 'Signs in with a discoverable passkey alone (it verifies the person: no second step).',
    body: passkeySignInRequest,
    responses: { 200: loginResponse },
  },
})
