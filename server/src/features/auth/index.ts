/**
 * What the auth feature publishes beyond its services: the one way Ferry hashes a password
 * (argon2id, OWASP parameters), which transfer passwords use too.
 */
export { hashPassword, verifyPassword } from './passwords.js'
/** The browser signing in, as its session is listed to its owner (decision 0028). */
export { type SessionClient, sessionClientOf } from './sessions/session-client.js'
