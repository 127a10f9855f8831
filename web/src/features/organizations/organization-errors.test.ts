import { errorMessages } from '@ferry/contracts/errors'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import { createTestI18n } from '../../testing/render.js'
import { organizationErrorMessage } from './organization-errors.js'

describe('organizationErrorMessage', () => {
  it.each(['invitation_email_mismatch', 'owner_cannot_leave', 'new_owner_has_subscription'] as const)(
    'says %s in Spanish, never the server’s English detail',
    (code) => {
      const error = new ApiError(409, errorMessages[code], code)
      const spanish = organizationErrorMessage(createTestI18n('es'), error)
      const english = organizationErrorMessage(createTestI18n('en'), error)
      expect(spanish).not.toBe(errorMessages[code])
      expect(spanish).not.toBe(english)
      expect(spanish).not.toMatch(new RegExp(`^${code}$`))
    },
  )
})
