import { z } from 'zod'
import { languageSchema } from '../domain/languages.js'

/** The roles a user can have (spec/transfers.md §3). */
export const roles = ['FREE', 'PREMIUM', 'ADMIN'] as const
export const roleSchema = z.enum(roles)
export type Role = z.infer<typeof roleSchema>

/** Admin checks compare the role to ADMIN case-insensitively (spec/accounts.md §4). */
export function isAdmin(role: string | null | undefined): boolean {
  return typeof role === 'string' && role.toUpperCase() === 'ADMIN'
}

/** Emails are stored and compared trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** A signed-in user as the API returns it. */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  picture: z.string().nullable(),
  /** When the account was made: the profile's 'Member since' (product.md §4). */
  created_at: z.iso.datetime({ offset: true }).optional(),
  /** The interface language the user last used: the emails they cause are written in it. */
  language: languageSchema.optional(),
  /**
   * Whether the account proved it owns its email address (spec/accounts.md §2). Until it has, it
   * cannot send transfers or create request links; the web shows a notice with a way to confirm.
   */
  email_confirmed: z.boolean().optional(),
})
export type User = z.infer<typeof userSchema>

export const languageRequest = z.object({ language: languageSchema })
export type LanguageRequest = z.infer<typeof languageRequest>

/** A user in the admin views (spec/accounts.md §3), with the sign-up time. */
export const adminUserSchema = userSchema.extend({ created_at: z.iso.datetime({ offset: true }) })
export type AdminUser = z.infer<typeof adminUserSchema>
