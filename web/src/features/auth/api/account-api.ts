import { type LanguageRequest, type User, userSchema, usersPaths } from '@ferry/contracts/api/users'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** The signed-in user's own account. */
export interface AccountApi {
  /** PUT /api/users/me/language: the emails the user causes are written in this language. */
  setLanguage(language: LanguageRequest['language']): Promise<User>
}

export function createAccountApi(client: ApiClient = apiClient): AccountApi {
  return {
    setLanguage: (language) => client.put(usersPaths.language, { language }, { schema: userSchema }),
  }
}

export const accountApi = createAccountApi()
