import {
  accountResponse,
  changeEmailRequest,
  changeEmailResponse,
  changeNameRequest,
  changePasswordRequest,
  confirmEmailChangeRequest,
  deleteAccountRequest,
  forgotPasswordRequest,
  resetPasswordRequest,
} from '../api/account.js'
import { userSchema } from '../api/users.js'
import { defineRoutes } from './route.js'

/**
 * Account self-service (product.md §23): the forgotten password (under /auth, with the rest
 * of sign-in), the profile's settings, deleting the account and downloading its data.
 */
export const accountApi = defineRoutes('account', {
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    summary: 'Emails a reset link if the address has an account; 202 either way, so nobody learns which.',
    body: forgotPasswordRequest,
    responses: { 202: null },
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    summary: 'Sets a new password with an emailed link, once; every session opened before it ends.',
    body: resetPasswordRequest,
    responses: { 204: null },
  },
  get: {
    method: 'GET',
    path: '/api/account',
    access: 'user',
    beforeTwoFactor: true,
    summary: 'The account as its settings show it.',
    responses: { 200: accountResponse },
  },
  changeName: {
    method: 'PUT',
    path: '/api/account/name',
    access: 'user',
    body: changeNameRequest,
    responses: { 200: userSchema },
  },
  changeEmail: {
    method: 'POST',
    path: '/api/account/email',
    access: 'user',
    summary: 'Emails a link to the new address; the change takes effect when it is opened.',
    body: changeEmailRequest,
    responses: { 202: changeEmailResponse },
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/api/account/email/confirm',
    access: 'public',
    summary: 'The new address’s link (its token proves it): the account moves to that address.',
    body: confirmEmailChangeRequest,
    responses: { 204: null },
  },
  changePassword: {
    method: 'PUT',
    path: '/api/account/password',
    access: 'user',
    summary:
      'Changes the password after checking the current one; every other session ends, this one gets a new cookie.',
    body: changePasswordRequest,
    responses: { 204: null },
  },
  delete: {
    method: 'POST',
    path: '/api/account/delete',
    access: 'user',
    summary: 'Deletes the account and everything it stored, after its password (or its email, without one).',
    body: deleteAccountRequest,
    responses: { 204: null },
  },
  exportJson: {
    method: 'GET',
    path: '/api/account/export',
    access: 'user',
    summary: 'The account and its records as a JSON download.',
    responses: { 200: null },
  },
  exportZip: {
    method: 'GET',
    path: '/api/account/export.zip',
    access: 'user',
    summary: 'account.json with the files of the active transfers, as one streamed ZIP.',
    responses: { 200: null },
  },
})
