import {
  accountPaths,
  accountResponse,
  changeEmailRequest,
  changeEmailResponse,
  changeNameRequest,
  changePasswordRequest,
  confirmEmailChangeRequest,
  deleteAccountRequest,
  forgotPasswordRequest,
  resetPasswordRequest,
} from '@ferry/contracts/api/account'
import { errorResponse } from '@ferry/contracts/api/system'
import { userSchema } from '@ferry/contracts/api/users'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../http/auth-guard.js'
import { contentDisposition } from '../../http/content-disposition.js'
import { streamZip, zipLength } from '../../http/download/zip-writer.js'
import { clearAuthCookie, setAuthCookie } from '../auth/auth-cookie.js'
import type { OwnPasswords } from '../auth/own-password.service.js'
import type { PasswordResets } from '../auth/password-reset.service.js'
import type { AccountService } from './account.service.js'

const tags = ['account']
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse }
const user = { access: 'user' } as const
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** Account self-service (spec/accounts.md §9): password reset, settings, delete, data download. */
export const accountRoutes =
  (resets: PasswordResets, passwords: OwnPasswords, account: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      accountPaths.forgotPassword,
      {
        schema: {
          tags: ['auth'],
          description: 'Emails a reset link if the address has an account; the answer is 202 either way.',
          body: forgotPasswordRequest,
          response: { 202: z.null(), 400: errorResponse, 429: errorResponse },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        await resets.request(request.body.email, request.ip)
        return reply.status(202).send(null)
      },
    )

    app.post(
      accountPaths.resetPassword,
      {
        schema: {
          tags: ['auth'],
          description: 'Sets a new password with an emailed link (once); every earlier session of the account ends.',
          body: resetPasswordRequest,
          response: { 204: z.null(), 400: errorResponse, 429: errorResponse },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        await resets.reset(request.body.token, request.body.password, request.ip)
        return reply.status(204).send(null)
      },
    )

    app.get(
      accountPaths.account,
      { schema: { tags, response: { 200: accountResponse, ...errors } }, config: user },
      async (request) => account.get(requireUser(request).id),
    )

    app.put(
      accountPaths.name,
      { schema: { tags, body: changeNameRequest, response: { 200: userSchema, ...errors } }, config: user },
      async (request) => account.changeName(requireUser(request).id, request.body.name),
    )

    app.post(
      accountPaths.email,
      {
        schema: {
          tags,
          description: 'Emails a confirmation link to the new address; the change takes effect when it is opened.',
          body: changeEmailRequest,
          response: { 202: changeEmailResponse, ...errors, 409: errorResponse },
        },
        config: user,
      },
      async (request, reply) => {
        const { email, current_password: password } = request.body
        return reply.status(202).send(await account.requestEmailChange(requireUser(request).id, email, password))
      },
    )

    app.post(
      accountPaths.confirmEmailChange,
      {
        schema: {
          tags,
          body: confirmEmailChangeRequest,
          response: { 204: z.null(), 400: errorResponse, 409: errorResponse, 429: errorResponse },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        await account.confirmEmailChange(request.body.token, request.ip)
        return reply.status(204).send(null)
      },
    )

    app.put(
      accountPaths.password,
      {
        schema: {
          tags,
          description:
            'Changes the password after checking the current one. Every other session ends; this one gets a new cookie.',
          body: changePasswordRequest,
          response: { 204: z.null(), ...errors },
        },
        config: user,
      },
      async (request, reply) => {
        const { current_password: current, new_password: next } = request.body
        const signedIn = await passwords.change(requireUser(request).id, current, next)
        setAuthCookie(request, reply, signedIn.token.token)
        return reply.status(204).send(null)
      },
    )

    app.post(
      accountPaths.delete,
      {
        schema: {
          tags,
          description: 'Deletes the account and everything it stored, after the password (or the email without one).',
          body: deleteAccountRequest,
          response: { 204: z.null(), ...errors, 409: errorResponse },
        },
        config: user,
      },
      async (request, reply) => {
        await account.delete(requireUser(request).id, request.body.confirmation)
        clearAuthCookie(request, reply)
        return reply.status(204).send(null)
      },
    )

    app.get(
      accountPaths.exportJson,
      { schema: { tags, response: { 401: errorResponse, 403: errorResponse } }, config: user },
      async (request, reply) => {
        const data = await account.exportJson(requireUser(request).id)
        // A download, not an API answer: sent as it is, outside the response schemas.
        return (reply as FastifyReply)
          .header('Content-Disposition', contentDisposition(`ferry-account-${isoDay(new Date(data.exported_at))}.json`))
          .header('Cache-Control', 'private, no-store')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(data, null, 2))
      },
    )

    app.get(
      accountPaths.exportZip,
      { schema: { tags, response: { 401: errorResponse, 403: errorResponse } }, config: user },
      async (request, reply) => {
        const { entries, date } = await account.exportZipEntries(requireUser(request).id)
        const archive = streamZip(entries, { date })
        archive.once('error', (error) => request.log.warn({ err: error }, 'Account data ZIP failed'))
        return (reply as FastifyReply)
          .header('Content-Disposition', contentDisposition(`ferry-account-${isoDay(date)}.zip`))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Length', String(zipLength(entries)))
          .type('application/zip')
          .send(archive)
      },
    )
  }
