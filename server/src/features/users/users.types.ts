import type { Role } from '@ferry/contracts/api/users'
import type { Language } from '@ferry/contracts/domain/languages'
import type { users } from '../../db/schema/index.js'

/*
 * The users feature's published interface: the user record every layer passes around (the
 * signed-in user of a request, the caller of a service) and its reading from a users row. Other
 * features, their repositories and the HTTP guard import these from here, not the service.
 */

/** A users row as stored (the admin feature lists and edits these). */
export type UserRow = typeof users.$inferSelect

/** A user as the server works with it; `toUser` gives the API's shape. */
export interface UserRecord {
  id: string
  email: string
  name: string
  role: Role
  picture: string | null
  createdAt: Date
  /** The interface language the user last used: the emails they cause are written in it. */
  language: Language
  /** Which generation of session tokens is valid (product.md §15). */
  sessionEpoch: number
  /** When the account proved it owns its address; null until then (spec/accounts.md §2). */
  emailConfirmedAt: Date | null
}

/** A user with the secrets only the auth feature reads. */
export interface UserCredentials extends UserRecord {
  passwordHash: string | null
  googleSub: string | null
}

/** The record of a users row (the auth repository reads rows for tokens). */
export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    picture: row.picture,
    createdAt: row.createdAt,
    language: row.language,
    sessionEpoch: row.sessionEpoch,
    emailConfirmedAt: row.emailConfirmedAt,
  }
}
