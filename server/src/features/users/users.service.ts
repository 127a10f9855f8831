import type { Role, User } from '@ferry/contracts/api/users'
import { defaultLanguage, type Language } from '@ferry/contracts/domain/languages'
import type { Db } from '../../db/database.js'
import { createUsersRepository, type UserRow } from './users.repository.js'
import { toUserRecord, type UserCredentials, type UserRecord } from './users.types.js'

export { toUserRecord, type UserCredentials, type UserRecord } from './users.types.js'

function toCredentials(row: UserRow): UserCredentials {
  return { ...toUserRecord(row), passwordHash: row.passwordHash, googleSub: row.googleSub }
}

/** The API's shape of a user (spec/transfers.md §3). */
export function toUser(user: UserRecord): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    picture: user.picture,
    created_at: user.createdAt.toISOString(),
    language: user.language,
    email_confirmed: user.emailConfirmedAt !== null,
  }
}

export interface NewAccount {
  /** Already normalised (see normaliseEmail). */
  email: string
  name: string
  passwordHash?: string | null
  googleSub?: string | null
  picture?: string | null
  role?: Role
  language?: Language
  /** The address is already proven (Google vouches for it). */
  emailConfirmed?: boolean
}

/** Accounts: lookups and changes. Emails passed in must already be normalised. */
export function createUsersService(deps: { database: { db: Db } }) {
  const repo = createUsersRepository(deps.database.db)
  return {
    async getById(id: string): Promise<UserRecord | undefined> {
      const row = await repo.findById(id)
      return row && toUserRecord(row)
    },

    async findCredentialsByEmail(email: string): Promise<UserCredentials | undefined> {
      const row = await repo.findByEmail(email)
      return row && toCredentials(row)
    },

    async findCredentialsByGoogleSub(sub: string): Promise<UserCredentials | undefined> {
      const row = await repo.findByGoogleSub(sub)
      return row && toCredentials(row)
    },

    /** Creates the account; undefined when its email (or Google account) already has one. */
    async create(account: NewAccount): Promise<UserRecord | undefined> {
      const row = await repo.insert({
        email: account.email,
        name: account.name,
        passwordHash: account.passwordHash ?? null,
        googleSub: account.googleSub ?? null,
        picture: account.picture ?? null,
        role: account.role ?? 'FREE',
        language: account.language ?? defaultLanguage,
        emailConfirmedAt: account.emailConfirmed ? new Date() : null,
      })
      return row && toUserRecord(row)
    },

    /** Remembers the interface language the user now uses; undefined when the account is gone. */
    async setLanguage(id: string, language: Language): Promise<UserRecord | undefined> {
      const row = await repo.setLanguage(id, language)
      return row && toUserRecord(row)
    },

    /** Creates `email` as ADMIN with this password hash, or promotes it and sets the hash. */
    upsertAdmin(account: { email: string; name: string; passwordHash: string; endSessions: boolean }) {
      return repo.upsertAdmin(account)
    },

    async setRole(email: string, role: Role): Promise<UserRecord | undefined> {
      const row = await repo.setRoleByEmail(email, role)
      return row && toUserRecord(row)
    },

    /** Remembers the Google account of a user; keeps the old picture when Google sends none. */
    async linkGoogle(id: string, googleSub: string, picture: string | null): Promise<UserRecord | undefined> {
      const row = await repo.linkGoogle(id, googleSub, picture)
      return row && toUserRecord(row)
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>
