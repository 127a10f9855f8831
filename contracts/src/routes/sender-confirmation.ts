import { senderConfirmationStatus, senderConfirmRequest } from '../api/sender-confirmation.js'
import { defineRoutes } from './route.js'

/**
 * Verified senders (DECISIONS §12 `requires_otp`): on such a plan, POST /api/transfers from a
 * browser, session or key not yet confirmed answers 403 `sender_confirmation_required` and emails a
 * 6-digit code; these routes confirm it.
 */
export const senderConfirmationApi = defineRoutes('sender-confirmation', {
  status: {
    method: 'GET',
    path: '/api/sender-confirmation',
    access: 'user',
    scope: 'transfers:write',
    summary: 'Whether this browser, session or key must confirm a code before sending',
    responses: { 200: senderConfirmationStatus },
  },
  sendCode: {
    method: 'POST',
    path: '/api/sender-confirmation/code',
    access: 'user',
    scope: 'transfers:write',
    summary: "Emails a new 6-digit code to the account's address",
    description:
      'At most one email a minute (429 `sender_code_too_soon` with Retry-After) and three an hour per address (429 `sender_code_limit`); a new code replaces the previous one. 409 `sender_confirmation_not_needed` when the plan does not ask for it or this client is already confirmed.',
    responses: { 204: null },
  },
  confirm: {
    method: 'POST',
    path: '/api/sender-confirmation',
    access: 'user',
    scope: 'transfers:write',
    summary: 'Confirms the emailed code for this browser, session or key',
    description:
      'Tries are limited before the code is compared (429 with Retry-After), and a code takes 5 wrong tries. 400 `sender_code_incorrect`, 410 `sender_code_expired` (expired, used up or never sent). On success (204) the session (or key) is confirmed for its lifetime and the browser for 30 days through the httpOnly `ferry_sender` cookie.',
    body: senderConfirmRequest,
    responses: { 204: null },
  },
})
