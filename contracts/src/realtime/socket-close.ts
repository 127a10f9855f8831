/**
 * Close codes of Ferry's WebSockets (room events and signalling), each with the reason text the
 * server sends. 4000–4999 are application codes; the last three digits echo the HTTP status.
 */
export const socketCloseCodes = {
  /** A frame was not valid JSON or not one of the contract's messages. */
  badMessage: 4400,
  /** No valid user token, guest token or auth cookie. */
  unauthenticated: 4401,
  /** Authenticated, but not a participant of this room (join first). */
  notMember: 4403,
  roomNotFound: 4404,
  /** The room reached its end time. */
  roomExpired: 4410,
  /**
   * Over a budget (security review M-3): more messages than a client sends (a token bucket per
   * socket), or more sockets for one participant or one client address than allowed.
   */
  tooManyRequests: 4429,
  /** The server is shutting down; reconnect (possibly to another instance). */
  goingAway: 1001,
  /** Events may have been missed (the event bus reconnected): reconnect and reload the room. */
  eventsInterrupted: 1012,
} as const
export type SocketCloseCode = (typeof socketCloseCodes)[keyof typeof socketCloseCodes]

/** Close codes after which reconnecting cannot help. */
export const finalSocketCloseCodes: readonly number[] = [
  socketCloseCodes.badMessage,
  socketCloseCodes.unauthenticated,
  socketCloseCodes.notMember,
  socketCloseCodes.roomNotFound,
  socketCloseCodes.roomExpired,
  socketCloseCodes.tooManyRequests,
]
