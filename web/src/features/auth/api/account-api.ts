import type { LanguageRequest, User } from '@ferry/contracts/api/users'
import { usersApi } from '@ferry/contracts/routes/users'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** The signed-in user's own account. */
export interface AccountApi {
  /** PUT /api/users/me/language: the emails the user causes are written in this language. */
  setLanguage(language: LanguageRequest['language']): Promise<User>
}

export function createAccountApi(client: ApiClient = apiClient): AccountApi {
  return {
    setLanguage: (language) => client.call(usersApi.setLanguage, { body: { language } }),
  }
}

export const accountApi = createAccountApi()
