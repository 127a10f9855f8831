import type {
  AdminJob,
  AdminJobList,
  AdminJobsQuery,
  AdminUserCreateResponse,
  AdminUserList,
  AdminUserRequest,
  AdminUsersQuery,
  SetPasswordInfo,
  SetPasswordRequest,
  StorageUsage,
} from '@ferry/contracts/api/admin'
import type { TwoFactorPolicyRequest, TwoFactorPolicyResponse } from '@ferry/contracts/api/two-factor-policy'
import type { AdminUser } from '@ferry/contracts/api/users'
import { adminApi as routes } from '@ferry/contracts/routes/admin'
import { twoFactorPolicyApi } from '@ferry/contracts/routes/two-factor-policy'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** The admin calls of spec/accounts.md §7 and the set-password step of product.md §4. */
export function createAdminApi(client: ApiClient = apiClient) {
  return {
    users: (query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUserList> =>
      client.call(routes.users, { query }, { signal }),
    createUser: (body: AdminUserRequest): Promise<AdminUserCreateResponse> => client.call(routes.createUser, { body }),
    updateUser: (id: string, body: AdminUserRequest): Promise<AdminUser> =>
      client.call(routes.updateUser, { params: { id }, body }),
    newLink: (id: string): Promise<AdminUserCreateResponse> => client.call(routes.newLink, { params: { id } }),
    deleteUser: async (id: string): Promise<void> => {
      await client.call(routes.deleteUser, { params: { id } })
    },
    storage: (signal?: AbortSignal): Promise<StorageUsage> => client.call(routes.storage, {}, { signal }),
    twoFactorPolicy: (signal?: AbortSignal): Promise<TwoFactorPolicyResponse> =>
      client.call(twoFactorPolicyApi.policy, {}, { signal }),
    setTwoFactorPolicy: (body: TwoFactorPolicyRequest): Promise<TwoFactorPolicyResponse> =>
      client.call(twoFactorPolicyApi.setPolicy, { body }),
    jobs: (query: AdminJobsQuery, signal?: AbortSignal): Promise<AdminJobList> =>
      client.call(routes.jobs, { query }, { signal }),
    retryJob: (id: string): Promise<AdminJob> => client.call(routes.retryJob, { params: { id } }),
    setPasswordInfo: (token: string, signal?: AbortSignal): Promise<SetPasswordInfo> =>
      client.call(routes.setPasswordInfo, { body: { token } }, { signal }),
    setPassword: (body: SetPasswordRequest) => client.call(routes.setPassword, { body }),
  }
}

export const adminApi = createAdminApi()
