import { activeSessionsResponse, sessionIdParams, signedOutResponse } from '../api/sessions.js'
import { defineRoutes } from './route.js'

/** The signed-in account's active sessions (issue 23 item 4). */
export const sessionsApi = defineRoutes('sessions', {
  list: {
    method: 'GET',
    path: '/api/account/sessions',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Where the account is signed in: browser, approximate country, started and last seen.',
    responses: { 200: activeSessionsResponse },
  },
  signOut: {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Ends one session; its token is refused from now on, on every instance.',
    params: sessionIdParams,
    responses: { 204: null },
  },
  signOutOthers: {
    method: 'DELETE',
    path: '/api/account/sessions',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'Ends every session but the one asking.',
    responses: { 200: signedOutResponse },
  },
})
