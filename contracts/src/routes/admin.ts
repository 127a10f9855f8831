import {
  adminJobIdParams,
  adminJobListResponse,
  adminJobSchema,
  adminJobsQuery,
  adminMessageResponse,
  adminUserCreateResponse,
  adminUserIdParams,
  adminUserListResponse,
  adminUserRequest,
  adminUsersQuery,
  setPasswordInfoRequest,
  setPasswordInfoResponse,
  setPasswordRequest,
  setPasswordResponse,
  storageUsageResponse,
} from '../api/admin.js'
import { adminUserSchema } from '../api/users.js'
import { defineRoutes } from './route.js'

/** The admin routes of spec/accounts.md §7 (users, storage) and the public set-password step of product.md §4. */
export const adminApi = defineRoutes('admin', {
  users: {
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    query: adminUsersQuery,
    responses: { 200: adminUserListResponse },
  },
  createUser: {
    method: 'POST',
    path: '/api/admin/users',
    access: 'admin',
    body: adminUserRequest,
    responses: { 201: adminUserCreateResponse },
  },
  updateUser: {
    method: 'PUT',
    path: '/api/admin/users/:id',
    access: 'admin',
    params: adminUserIdParams,
    body: adminUserRequest,
    responses: { 200: adminUserSchema },
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/admin/users/:id',
    access: 'admin',
    params: adminUserIdParams,
    responses: { 200: adminMessageResponse },
  },
  /** A new set-password link for a user, emailed to its owner (when the first was lost). */
  newLink: {
    method: 'POST',
    path: '/api/admin/users/:id/set-password-link',
    access: 'admin',
    params: adminUserIdParams,
    responses: { 201: adminUserCreateResponse },
  },
  storage: {
    method: 'GET',
    path: '/api/admin/storage',
    access: 'admin',
    responses: { 200: storageUsageResponse },
  },
  /** The job queue (issue 19): newest first, by state and kind, with counts of the whole queue. */
  jobs: {
    method: 'GET',
    path: '/api/admin/jobs',
    access: 'admin',
    query: adminJobsQuery,
    responses: { 200: adminJobListResponse },
  },
  /** A dead job waits again with its tries reset (409 job_not_retryable unless dead). */
  retryJob: {
    method: 'POST',
    path: '/api/admin/jobs/:id/retry',
    access: 'admin',
    params: adminJobIdParams,
    responses: { 200: adminJobSchema },
  },
  /** Public: the emailed link's token proves who may set the password. */
  setPasswordInfo: {
    method: 'POST',
    path: '/api/set-password/info',
    access: 'public',
    body: setPasswordInfoRequest,
    responses: { 200: setPasswordInfoResponse },
  },
  setPassword: {
    method: 'POST',
    path: '/api/set-password',
    access: 'public',
    body: setPasswordRequest,
    responses: { 200: setPasswordResponse },
  },
})
