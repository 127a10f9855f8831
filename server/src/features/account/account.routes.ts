import { accountApi } from '@ferry/contracts/routes/account'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { clearAuthCookie, setAuthCookie } from '../../http/auth-cookie.js'
import { requireUser } from '../../http/auth-guard.js'
import { contentDisposition } from '../../http/content-disposition.js'
import { streamZip, zipLength } from '../../http/download/zip-writer.js'
import { registerRoute } from '../../http/register-route.js'
import { sessionClientOf } from '../auth/index.js'
import type { OwnPasswords } from '../auth/own-password.service.js'
import type { PasswordResets } from '../auth/password-reset.service.js'
import type { AccountService } from './account.service.js'

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** A download, not an API answer: sent as it is, outside the response schemas, never cached. */
const asDownload = (reply: FastifyReply, fileName: string, type: string) =>
  reply
    .header('Content-Disposition', contentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .type(type)

/** Account self-service (product.md §23): password reset, settings, delete, data download. */
export const accountRoutes =
  (resets: PasswordResets, passwords: OwnPasswords, account: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, accountApi.forgotPassword, async (request, reply) => {
      await resets.request(request.body.email, request.ip)
      return reply.status(202).send()
    })

    registerRoute(app, accountApi.resetPassword, async (request, reply) => {
      await resets.reset(request.body.token, request.body.password, request.ip)
      return reply.status(204).send()
    })

    registerRoute(app, accountApi.get, async (request) => account.get(requireUser(request).id))

    registerRoute(app, accountApi.changeName, async (request) =>
      account.changeName(requireUser(request).id, request.body.name),
    )

    registerRoute(app, accountApi.changeEmail, async (request, reply) => {
      const { email, current_password: password } = request.body
      return reply.status(202).send(await account.requestEmailChange(requireUser(request).id, email, password))
    })

    registerRoute(app, accountApi.confirmEmailChange, async (request, reply) => {
      await account.confirmEmailChange(request.body.token, request.ip)
      return reply.status(204).send()
    })

    // This device stays signed in on a new cookie of the new session epoch; every other session ends.
    registerRoute(app, accountApi.changePassword, async (request, reply) => {
      const { current_password: current, new_password: next } = request.body
      const signedIn = await passwords.change(requireUser(request).id, current, next, await sessionClientOf(request))
      setAuthCookie(request, reply, signedIn.token.token)
      return reply.status(204).send()
    })

    registerRoute(app, accountApi.delete, async (request, reply) => {
      await account.delete(requireUser(request).id, request.body.confirmation)
      clearAuthCookie(request, reply)
      return reply.status(204).send()
    })

    registerRoute(app, accountApi.exportJson, async (request, reply) => {
      const data = await account.exportJson(requireUser(request).id)
      const fileName = `ferry-account-${isoDay(new Date(data.exported_at))}.json`
      return asDownload(reply as FastifyReply, fileName, 'application/json; charset=utf-8').send(
        JSON.stringify(data, null, 2),
      )
    })

    registerRoute(app, accountApi.exportZip, async (request, reply) => {
      const { entries, date } = await account.exportZipEntries(requireUser(request).id)
      const archive = streamZip(entries, { date })
      archive.once('error', (error) => request.log.warn({ err: error }, 'Account data ZIP failed'))
      return asDownload(reply as FastifyReply, `ferry-account-${isoDay(date)}.zip`, 'application/zip')
        .header('Content-Length', String(zipLength(entries)))
        .send(archive)
    })
  }
