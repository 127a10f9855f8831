export { connectSession, sessionStore } from './session.js'
export type { SessionState, SessionStore, SessionUser } from './session-store.js'
export { type Session, useSession } from './use-session.js'
