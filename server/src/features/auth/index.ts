/**
 * What the auth feature publishes beyond its services: the one way Ferry hashes a password
 * (argon2id, OWASP parameters), which transfer passwords use too.
 */
export { hashPassword, verifyPassword } from './passwords.js'
