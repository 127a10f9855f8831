import { twoFactorApi } from '@ferry/contracts/routes/two-factor'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../../http/auth-guard.js'
import { registerRoute } from '../../../http/register-route.js'
import { clearDeviceCookie, deviceTokenOf } from './device-cookie.js'
import type { TwoFactorSettings } from './two-factor-settings.service.js'

/** Two-factor sign-in in the profile (issue 23 item 2) under /api/account. */
export const twoFactorRoutes =
  (settings: TwoFactorSettings): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, twoFactorApi.status, async (request) => settings.status(requireUser(request).id))

    registerRoute(app, twoFactorApi.enrol, async (request) => settings.enrol(requireUser(request)))

    registerRoute(app, twoFactorApi.confirm, async (request) =>
      settings.confirm(requireUser(request), request.body.code),
    )

    registerRoute(app, twoFactorApi.disable, async (request, reply) => {
      await settings.disable(requireUser(request), request.body)
      clearDeviceCookie(request, reply)
      return reply.status(204).send()
    })

    registerRoute(app, twoFactorApi.regenerateRecoveryCodes, async (request) =>
      settings.regenerateRecoveryCodes(requireUser(request), request.body),
    )

    registerRoute(app, twoFactorApi.devices, async (request) =>
      settings.devices(requireUser(request).id, deviceTokenOf(request)),
    )

    registerRoute(app, twoFactorApi.forgetDevice, async (request, reply) => {
      await settings.forgetDevice(requireUser(request).id, request.params.id)
      return reply.status(204).send()
    })

    registerRoute(app, twoFactorApi.forgetAllDevices, async (request, reply) => {
      await settings.forgetAllDevices(requireUser(request).id)
      clearDeviceCookie(request, reply)
      return reply.status(204).send()
    })
  }
