import {
  type AdminUserCreateResponse,
  type AdminUserList,
  type adminUserRequest,
  type adminUsersQuery,
  setPasswordLinkHours,
} from '@ferry/contracts/api/admin'
import type { AdminUser } from '@ferry/contracts/api/users'
import type { z } from 'zod'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { AccountDeletion } from '../account/account-deletion.service.js'
import type { UserRecord } from '../users/users.service.js'
import type { UserRow } from '../users/users.types.js'
import { accountCreatedEmail } from './admin.emails.js'
import { createAdminUsersRepository } from './admin-users.repository.js'
import type { SetPasswordLinks } from './set-password.service.js'

type AdminDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'blobs' | 'mailer' | 'logger' | 'payments'>
type UserInput = z.output<typeof adminUserRequest>
type ListQuery = z.output<typeof adminUsersQuery>

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const notFound = () => new AppError('admin_user_not_found', 404)
const emailTaken = () => new AppError('admin_email_taken', 409)

/** PostgreSQL's unique_violation, as either driver (or Drizzle's wrapper around it) reports it. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined)
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | undefined)?.cause) === '23505'
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    picture: row.picture,
    created_at: row.createdAt.toISOString(),
    language: row.language,
  }
}

/** Admin user management (spec/accounts.md §2, §4, §6): list, create with a set-password link, edit, delete. */
export function createAdminUsersService(deps: AdminDeps, links: SetPasswordLinks, deletion: AccountDeletion) {
  const { database } = deps
  const repo = createAdminUsersRepository(database.db)

  /**
   * Issues a set-password link and emails it. A new account's link is also returned for the admin
   * to see once; an existing account's only goes to its owner, whose email says an admin sent it.
   */
  async function sendLink(row: UserRow, reason: 'created' | 'new-link'): Promise<AdminUserCreateResponse> {
    const link = await links.issue(row, setPasswordLinkHours * 3600)
    let emailSent = true
    try {
      await deps.mailer.send(
        accountCreatedEmail(
          { to: row.email, name: row.name, link: link.url, expiresAt: link.expiresAt, reason },
          row.language,
        ),
      )
    } catch (error) {
      emailSent = false
      deps.logger.error({ err: error, userId: row.id }, 'Could not email the set-password link')
    }
    return {
      user: toAdminUser(row),
      set_password_url: reason === 'created' ? link.url : null,
      set_password_expires_at: link.expiresAt.toISOString(),
      email_sent: emailSent,
    }
  }

  return {
    async list(query: ListQuery): Promise<AdminUserList> {
      const { rows, total } = await repo.page({
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
        sort: query.sort,
        order: query.order,
        search: query.search || undefined,
      })
      return { items: rows.map(toAdminUser), total, page: query.page, page_size: query.page_size }
    },

    /**
     * Creates the account without a password and emails it a one-time set-password link. The
     * account starts in the admin's language, so the invitation is written in it.
     */
    async create(actor: UserRecord, input: UserInput): Promise<AdminUserCreateResponse> {
      await links.ready()
      let row: UserRow | undefined
      try {
        row = await database.db.transaction(async (tx) => {
          const txRepo = createAdminUsersRepository(tx)
          if (await txRepo.findByEmail(input.email)) return undefined
          return txRepo.insert({ ...input, language: actor.language })
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken()
        throw error
      }
      if (!row) throw emailTaken()
      return sendLink(row, 'created')
    },

    /** A new link for an existing account (the first was lost or expired); earlier ones stay valid until one is used. */
    async newLink(id: string): Promise<AdminUserCreateResponse> {
      if (!uuidPattern.test(id)) throw notFound()
      await links.ready()
      const row = await repo.findById(id)
      if (!row) throw notFound()
      return sendLink(row, 'new-link')
    },

    /** Changes name, email and role; the last admin keeps the ADMIN role, and nobody changes their own role. */
    async update(actor: UserRecord, id: string, input: UserInput): Promise<AdminUser> {
      if (!uuidPattern.test(id)) throw notFound()
      if (id === actor.id && input.role !== actor.role) throw new AppError('admin_own_role', 409)
      try {
        return await database.db.transaction(async (tx) => {
          const txRepo = createAdminUsersRepository(tx)
          const admins = await txRepo.lockAdmins()
          const target = await txRepo.findForUpdate(id)
          if (!target) throw notFound()
          if (target.role === 'ADMIN' && input.role !== 'ADMIN' && admins <= 1) {
            throw new AppError('admin_last_admin', 409)
          }
          const other = await txRepo.findByEmail(input.email)
          if (other && other.id !== id) throw emailTaken()
          const row = await txRepo.update(id, input)
          if (!row) throw notFound()
          return toAdminUser(row)
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken()
        throw error
      }
    },

    /**
     * Deletes the account with everything it stored, as "Delete my account" does
     * (account-deletion.ts): a paid subscription is cancelled at the card provider first, the rows
     * go in one transaction, then the stored files. Not oneself, not the last admin.
     */
    async delete(actor: UserRecord, id: string): Promise<{ message: string }> {
      if (!uuidPattern.test(id)) throw notFound()
      if (id === actor.id) throw new AppError('admin_delete_self', 409)
      await deletion.delete(id)
      return { message: 'User deleted' }
    },
  }
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>
