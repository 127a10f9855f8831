import { jwtVerify, SignJWT } from 'jose'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { loadOrCreateSecret } from '../../secrets/secrets.js'

/** Who a guest token says its bearer is: a visitor's participant id in one room. */
export interface GuestIdentity {
  roomId: string
  participantId: string
}

// An audience and a key of their own, so a guest token is never mistaken for a user token.
const audience = 'ferry:room-guest'
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** HS256 tokens for visitors of a room: `sub` the participant id, `room` the room id, expiring with the room. */
export function createGuestTokens(deps: { database: { db: Db }; clock: Clock }) {
  let key: Promise<Uint8Array> | undefined
  const signingKey = () => {
    key ??= loadOrCreateSecret(deps.database.db, 'room-guest').then((secret) => new TextEncoder().encode(secret))
    return key
  }

  return {
    async issue(identity: GuestIdentity, expiresAt: Date): Promise<string> {
      return new SignJWT({ room: identity.roomId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(audience)
        .setSubject(identity.participantId)
        .setIssuedAt(Math.floor(deps.clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await signingKey())
    },

    /** The identity of a well-signed, unexpired guest token; undefined for anything else. */
    async read(token: string): Promise<GuestIdentity | undefined> {
      try {
        const { payload } = await jwtVerify(token, await signingKey(), {
          algorithms: ['HS256'],
          audience,
          currentDate: deps.clock.now(),
          requiredClaims: ['sub', 'exp'],
        })
        const { sub, room } = payload
        if (!sub || typeof room !== 'string' || !uuidPattern.test(sub) || !uuidPattern.test(room)) return undefined
        return { roomId: room, participantId: sub }
      } catch {
        return undefined
      }
    },
  }
}

export type GuestTokens = ReturnType<typeof createGuestTokens>
