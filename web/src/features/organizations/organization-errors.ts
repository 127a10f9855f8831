import type { i18n as I18n } from 'i18next'
import { isApiError } from '../../lib/api-error.js'
import { errorMessage } from '../../lib/error-message.js'

/** The organization codes of org-contract.md, said the way this page means them. */
const organizationCodes = [
  'invitation_not_found',
  'invitation_expired',
  'invitation_email_mismatch',
  'already_in_organization',
  'already_member',
  'invitation_pending',
  'owner_cannot_leave',
  'last_owner',
  'new_owner_has_subscription',
  'plan_feature_missing',
] as const
type OrganizationCode = (typeof organizationCodes)[number]
const isOrganizationCode = (code: string | undefined): code is OrganizationCode =>
  organizationCodes.includes(code as OrganizationCode)

/** What went wrong, in the reader's language: the organization's own wording, else the app's. */
export function organizationErrorMessage(i18n: I18n, error: unknown): string {
  if (isApiError(error) && isOrganizationCode(error.code))
    return i18n.t(`errors.${error.code}`, { ns: 'organizations' })
  return errorMessage(i18n, error)
}
