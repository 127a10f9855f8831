import { passkeysApi } from '@ferry/contracts/routes/passkeys'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../../config.js'
import { requireUser } from '../../../http/auth-guard.js'
import { registerRoute } from '../../../http/register-route.js'
import type { Passkeys } from './passkeys.service.js'
import { relyingPartyOf } from './relying-party.js'

/** The account's passkeys in the profile (issue 23 item 2) under /api/account/passkeys. */
export const passkeysRoutes =
  (config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>, passkeys: Passkeys): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, passkeysApi.list, async (request) => ({
      passkeys: await passkeys.list(requireUser(request).id),
    }))

    registerRoute(app, passkeysApi.registrationOptions, async (request) => ({
      options: await passkeys.registrationOptions(requireUser(request), relyingPartyOf(request, config)),
    }))

    registerRoute(app, passkeysApi.register, async (request, reply) => {
      const { name, credential } = request.body
      const made = await passkeys.register(requireUser(request), relyingPartyOf(request, config), name, credential)
      return reply.status(201).send(made)
    })

    registerRoute(app, passkeysApi.rename, async (request) =>
      passkeys.rename(requireUser(request).id, request.params.id, request.body.name),
    )

    registerRoute(app, passkeysApi.remove, async (request, reply) => {
      await passkeys.remove(requireUser(request).id, request.params.id)
      return reply.status(204).send()
    })
  }
