import {
  type AdminUserCreateResponse,
  type AdminUserList,
  type AdminUserRequest,
  type AdminUsersQuery,
  adminMessageResponse,
  adminPaths,
  adminUserCreateResponse,
  adminUserListResponse,
  type SetPasswordInfo,
  type SetPasswordRequest,
  type StorageUsage,
  setPasswordInfoResponse,
  setPasswordResponse,
  storageUsageResponse,
} from '@ferry/contracts/api/admin'
import { type AdminUser, adminUserSchema } from '@ferry/contracts/api/users'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

const userPath = (id: string) => adminPaths.user.replace(':id', encodeURIComponent(id))

/** The admin calls of spec/accounts.md §7 and the set-password step of product.md §4. */
export function createAdminApi(client: ApiClient = apiClient) {
  return {
    users: (query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUserList> =>
      client.get(adminPaths.users, { query: { ...query }, schema: adminUserListResponse, signal }),
    createUser: (body: AdminUserRequest): Promise<AdminUserCreateResponse> =>
      client.post(adminPaths.users, body, { schema: adminUserCreateResponse }),
    updateUser: (id: string, body: AdminUserRequest): Promise<AdminUser> =>
      client.put(userPath(id), body, { schema: adminUserSchema }),
    newLink: (id: string): Promise<AdminUserCreateResponse> =>
      client.post(adminPaths.userLink.replace(':id', encodeURIComponent(id)), undefined, {
        schema: adminUserCreateResponse,
      }),
    deleteUser: async (id: string): Promise<void> => {
      await client.delete(userPath(id), { schema: adminMessageResponse })
    },
    storage: (signal?: AbortSignal): Promise<StorageUsage> =>
      client.get(adminPaths.storage, { schema: storageUsageResponse, signal }),
    setPasswordInfo: (token: string, signal?: AbortSignal): Promise<SetPasswordInfo> =>
      client.post(adminPaths.setPasswordInfo, { token }, { schema: setPasswordInfoResponse, signal }),
    setPassword: (body: SetPasswordRequest) =>
      client.post(adminPaths.setPassword, body, { schema: setPasswordResponse }),
  }
}

export const adminApi = createAdminApi()
