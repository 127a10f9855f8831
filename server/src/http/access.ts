import type { ApiKeyScope } from '@ferry/contracts/api/api-keys'
import type { PlanFlags } from '@ferry/contracts/api/plans'
import type { ErrorCode } from '@ferry/contracts/errors'
import type { Access } from '@ferry/contracts/routes/route'

/**
 * Who may call a route (`Access`, defined with the routes in contracts). Every route declares it;
 * the auth guard enforces it in `onRequest`, before the body is read or validated.
 */
export type { Access }

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    /**
     * The code a 'user' or 'participant' route answers 401 with when nobody is signed in
     * (default 'unauthorized'), so a route keeps the spec's own "please log in" message.
     */
    unauthorizedCode?: ErrorCode
    /** A plan flag the signed-in user's plan must have (else 403 `plan_feature_missing`). */
    planFeature?: keyof PlanFlags
    /** The API-key scope that lets a key call the route; none: keys may not (see auth-guard.ts). */
    scope?: ApiKeyScope
    /** Open to a user who must enrol in two-factor sign-in first (see auth-guard.ts). */
    beforeTwoFactor?: true
  }
}
