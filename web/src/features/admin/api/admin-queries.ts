import type { AdminJobList, AdminUserRequest, AdminUsersQuery, JobState } from '@ferry/contracts/api/admin'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { usePagedList } from '../../../lib/paged-list.js'
import { sessionStore } from '../../auth/index.js'
import { adminApi } from './admin-api.js'

export const adminKeys = {
  all: ['admin'] as const,
  users: (query: AdminUsersQuery) => ['admin', 'users', query] as const,
  storage: ['admin', 'storage'] as const,
  twoFactorPolicy: ['admin', 'two-factor-policy'] as const,
  jobs: (state: JobState | null, kind: string | null) => ['admin', 'jobs', state, kind] as const,
  setPassword: (token: string) => ['set-password', token] as const,
}

/** One page of System Users; the previous page stays on screen while the next loads. */
export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) => adminApi.users(query, signal),
    placeholderData: keepPreviousData,
  })
}

/** Fresh on every visit of the tab: the figures move with every upload. */
export function useStorageUsage() {
  return useQuery({ queryKey: adminKeys.storage, queryFn: ({ signal }) => adminApi.storage(signal), staleTime: 0 })
}

/** The job queue, newest first, a page at a time; the counts of the whole queue come with each page. */
export function useAdminJobs(state: JobState | null, kind: string | null) {
  return usePagedList(adminKeys.jobs(state, kind), (cursor, signal) =>
    adminApi.jobs({ cursor: cursor ?? undefined, state: state ?? undefined, kind: kind ?? undefined }, signal),
  )
}

/** How many jobs of each kind and state the whole queue holds, as the latest page said. */
export const jobCountsOf = (list: ReturnType<typeof useAdminJobs>) =>
  (list.data?.pages.at(-1) as AdminJobList | undefined)?.counts ?? []

/** After any change the admin lists reload (spec/accounts.md §4). */
function useReloadAfter() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: adminKeys.all })
}

export function useCreateUser() {
  const reload = useReloadAfter()
  return useMutation({ mutationFn: adminApi.createUser, onSuccess: reload })
}

export function useUpdateUser() {
  const reload = useReloadAfter()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUserRequest }) => adminApi.updateUser(id, body),
    onSuccess: reload,
  })
}

/** A new set-password link for a user who lost theirs. */
export function useNewSetPasswordLink() {
  return useMutation({ mutationFn: adminApi.newLink })
}

export function useDeleteUser() {
  const reload = useReloadAfter()
  return useMutation({ mutationFn: adminApi.deleteUser, onSuccess: reload })
}

/** Whom a set-password link is for; one try, as a refused link is a page state. */
export function useSetPasswordInfo(token: string) {
  return useQuery({
    queryKey: adminKeys.setPassword(token),
    queryFn: ({ signal }) => adminApi.setPasswordInfo(token, signal),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  })
}

/** Sets the password with the emailed link; the server signs the account in at once (no second typing). */
export function useSetPassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adminApi.setPassword,
    onSuccess: (response) => {
      // With two-factor sign-in on, the link sets the password only: sign in with the code next.
      if (response.user) sessionStore.signIn(response.user)
      // What the server answers (plan limits, lists) depends on who is asking.
      void queryClient.invalidateQueries()
    },
  })
}

/** Puts a dead job back in the queue; the list reloads. */
export function useRetryJob() {
  const reload = useReloadAfter()
  return useMutation({ mutationFn: adminApi.retryJob, onSuccess: reload })
}

/** "Require two-factor sign-in" and its grace period (issue 23 item 2). */
export function useTwoFactorPolicy() {
  return useQuery({ queryKey: adminKeys.twoFactorPolicy, queryFn: ({ signal }) => adminApi.twoFactorPolicy(signal) })
}

export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adminApi.setTwoFactorPolicy,
    onSuccess: (policy) => {
      queryClient.setQueryData(adminKeys.twoFactorPolicy, policy)
      // The admin's own account may now have to set it up too.
      void queryClient.invalidateQueries({ queryKey: ['two-factor'] })
    },
  })
}
