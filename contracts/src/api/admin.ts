import { z } from 'zod'
import { plainText } from '../domain/text.js'
import { emailField, nameField, newPasswordField } from './auth.js'
import { page, pageQuery } from './pagination.js'
import { adminUserSchema, roles, userSchema } from './users.js'

// The admin's shapes (spec/accounts.md §7: users, storage) and the public set-password step of
// product.md §4; the routes are in routes/admin.ts.

export const adminUserSortKeys = ['name', 'email', 'role', 'created_at'] as const
export type AdminUserSortKey = (typeof adminUserSortKeys)[number]
export const adminUsersMaxPageSize = 100

/** GET /api/admin/users: one page of users, sorted, optionally filtered on name or email. */
export const adminUsersQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(adminUsersMaxPageSize).default(25),
  sort: z.enum(adminUserSortKeys).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  search: plainText(z.string().trim().max(200), 'The search').optional(),
})
/** What a caller sends (every field has a default). */
export type AdminUsersQuery = Partial<z.output<typeof adminUsersQuery>>

export const adminUserListResponse = z.object({
  items: z.array(adminUserSchema),
  total: z.int().nonnegative(),
  page: z.int().positive(),
  page_size: z.int().positive(),
})
export type AdminUserList = z.infer<typeof adminUserListResponse>

const roleField = z.enum(roles, { error: 'Role must be one of FREE, PREMIUM or ADMIN.' })

/** The user form of spec/accounts.md §5 (POST and PUT): no password, the user sets it from the emailed link. */
export const adminUserRequest = z.object({ name: nameField, email: emailField, role: roleField })
export type AdminUserRequest = z.input<typeof adminUserRequest>

/**
 * Answer of POST /api/admin/users (and of a new link): a new account's link is shown to the admin
 * this once; a new link for an existing account is only emailed to its owner (null here), so an
 * admin cannot take an account over unseen.
 */
export const adminUserCreateResponse = z.object({
  user: adminUserSchema,
  set_password_url: z.string().nullable(),
  set_password_expires_at: z.iso.datetime({ offset: true }),
  email_sent: z.boolean(),
})
export type AdminUserCreateResponse = z.infer<typeof adminUserCreateResponse>

export const adminUserIdParams = z.object({ id: plainText(z.string().max(100), 'The user id') })
export const adminMessageResponse = z.object({ message: z.string() })

/** Hours a set-password link stays valid. */
export const setPasswordLinkHours = 72

/** POST, so the token stays out of URLs and request logs. */
export const setPasswordInfoRequest = z.object({ token: z.string().max(4096) })
export const setPasswordInfoResponse = z.object({ email: z.string(), name: z.string() })
export type SetPasswordInfo = z.infer<typeof setPasswordInfoResponse>

export const setPasswordRequest = z.object({
  token: z.string({ error: 'Token is required.' }).min(1, 'Token is required.').max(4096),
  password: newPasswordField,
})
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>
/** The password is set and the account signed in at once (the auth cookie is set): no second typing. */
/** `user` (and the session cookie) only when the account has no second step to pass (issue 23). */
export const setPasswordResponse = z.object({ message: z.string(), email: z.string(), user: userSchema.optional() })

const count = z.int().nonnegative()
const bytes = z.number().nonnegative()
const isoDate = z.iso.datetime({ offset: true })

/** Stored bytes and how many things hold them. */
export const storageFigure = z.object({ count, bytes })
export type StorageFigure = z.infer<typeof storageFigure>

/**
 * GET /api/admin/storage (product.md §4): what the blob store holds. Transfers are `live` (active),
 * `retained` (expired, kept for the recovery grace) or `awaiting_sweep` (deleted or past their
 * purge time, files not yet removed); request-link files and unclaimed uploads likewise.
 */
export const storageUsageResponse = z.object({
  totals: z.object({
    stored_bytes: bytes,
    awaiting_sweep_bytes: bytes,
    transfers: z.object({ live: storageFigure, retained: storageFigure, awaiting_sweep: storageFigure }),
    request_files: z.object({ kept: storageFigure, awaiting_sweep: storageFigure }),
    pending_uploads: storageFigure,
  }),
  per_plan: z.array(z.object({ plan_id: z.string(), plan_name: z.string(), users: count, transfers: count, bytes })),
  /** `organization_name`: the organization the user belongs to (whose plan they count under), or null. */
  top_users: z.array(
    z.object({
      user_id: z.uuid(),
      name: z.string(),
      email: z.string(),
      organization_name: z.string().nullable(),
      transfers: count,
      bytes,
    }),
  ),
  largest_transfers: z.array(
    z.object({
      id: z.uuid(),
      user_id: z.uuid().nullable(),
      user_email: z.string().nullable(),
      title: z.string(),
      files: count,
      bytes,
      created_at: isoDate,
      expires_at: isoDate,
      status: z.enum(['active', 'expired', 'deleted']),
    }),
  ),
})
export type StorageUsage = z.infer<typeof storageUsageResponse>

/** A job's life in the queue (server/src/jobs/, docs/decisions/0016): waiting, being run, given up. */
export const jobStates = ['queued', 'running', 'dead'] as const
export type JobState = (typeof jobStates)[number]

/** GET /api/admin/jobs: the job queue, newest first, filtered by state and kind. */
export const adminJobsQuery = pageQuery.extend({
  state: z.enum(jobStates).optional(),
  kind: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9-]*$/, 'A job kind is lowercase letters, digits and dashes.')
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
})
export type AdminJobsQuery = z.input<typeof adminJobsQuery>

export const adminJobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  state: z.enum(jobStates),
  attempts: z.int().nonnegative(),
  max_attempts: z.int().positive(),
  /** When it runs next (waiting), or ran last. */
  run_at: z.iso.datetime(),
  last_error: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
})
export type AdminJob = z.infer<typeof adminJobSchema>

/** One page of jobs, and how many jobs there are of each kind and state (the whole queue). */
export const adminJobListResponse = page(adminJobSchema).extend({
  counts: z.array(z.object({ kind: z.string(), state: z.enum(jobStates), count: z.int().nonnegative() })),
})
export type AdminJobList = z.infer<typeof adminJobListResponse>

export const adminJobIdParams = z.object({ id: z.uuid() })
