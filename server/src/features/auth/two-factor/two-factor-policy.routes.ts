import { twoFactorPolicyApi } from '@ferry/contracts/routes/two-factor-policy'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../../http/auth-guard.js'
import { registerRoute } from '../../../http/register-route.js'
import type { TwoFactorPolicy } from './two-factor-policy.service.js'

/** Required two-factor sign-in (issue 23 item 2): the admin console's switch and the account's deadline. */
export const twoFactorPolicyRoutes =
  (policy: TwoFactorPolicy): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, twoFactorPolicyApi.policy, async () => policy.policy())

    registerRoute(app, twoFactorPolicyApi.setPolicy, async (request) =>
      policy.setPolicy(requireUser(request), request.body),
    )

    registerRoute(app, twoFactorPolicyApi.requirement, async (request) => policy.requirement(requireUser(request)))
  }
