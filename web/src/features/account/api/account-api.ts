import type {
  AccountResponse,
  ChangeEmailRequest,
  ChangeEmailResponse,
  ChangePasswordRequest,
} from '@ferry/contracts/api/account'
import type { User } from '@ferry/contracts/api/users'
import { accountApi as routes } from '@ferry/contracts/routes/account'
import { routePath } from '@ferry/contracts/routes/route'
import { type ApiClient, apiClient, createApiClient } from '../../../lib/api-client.js'

/** Account self-service (product.md §23), through the routes defined in contracts. */
export interface AccountApi {
  get(signal?: AbortSignal): Promise<AccountResponse>
  changeName(name: string): Promise<User>
  changeEmail(body: ChangeEmailRequest): Promise<ChangeEmailResponse>
  changePassword(body: ChangePasswordRequest): Promise<void>
  deleteAccount(confirmation: string): Promise<void>
}

/** The calls made by someone who is not (or no longer) signed in: a 401 here is not a lost session. */
export interface PublicAccountApi {
  /** The new address's emailed link (the forgotten password's calls are the auth feature's). */
  confirmEmailChange(token: string): Promise<void>
}

export function createAccountApi(client: ApiClient = apiClient): AccountApi {
  return {
    get: (signal) => client.call(routes.get, {}, { signal }),
    changeName: (name) => client.call(routes.changeName, { body: { name } }),
    changeEmail: (body) => client.call(routes.changeEmail, { body }),
    changePassword: async (body) => {
      await client.call(routes.changePassword, { body })
    },
    deleteAccount: async (confirmation) => {
      await client.call(routes.delete, { body: { confirmation } })
    },
  }
}

export function createPublicAccountApi(client: ApiClient): PublicAccountApi {
  return {
    confirmEmailChange: async (token) => {
      await client.call(routes.confirmEmailChange, { body: { token } })
    },
  }
}

export const accountApi = createAccountApi()
export const publicAccountApi = createPublicAccountApi(createApiClient({ handleUnauthorized: false }))

/** Where the browser downloads the account's data (plain links: the cookie goes along). */
export const dataDownloads = {
  json: routePath(routes.exportJson),
  zip: routePath(routes.exportZip),
}
