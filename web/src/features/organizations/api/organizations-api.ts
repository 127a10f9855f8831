import type { InvitableRole, OrganizationRole } from '@ferry/contracts/api/organizations'
import { organizationsApi as routes } from '@ferry/contracts/routes/organizations'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.js'

/**
 * The organization calls (issue 22 item 1, /work/team/org-contract.md) and their queries. Every
 * change refreshes the whole organization's queries: a role change moves seats, usage columns and
 * what the caller may see, so nothing is patched by hand.
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  current: ['organizations', 'current'] as const,
  members: (id: string) => ['organizations', id, 'members'] as const,
  invitations: (id: string) => ['organizations', id, 'invitations'] as const,
  transfers: (id: string) => ['organizations', id, 'transfers'] as const,
  billing: (id: string) => ['organizations', id, 'billing'] as const,
  invitation: (token: string) => ['organizations', 'invitation', token] as const,
}

/** GET /api/organizations/current: the caller's organization, or null. */
export function useCurrentOrganization(enabled = true) {
  return useQuery({
    queryKey: organizationKeys.current,
    queryFn: ({ signal }) => apiClient.call(routes.current, undefined, { signal }),
    enabled,
    retry: 1,
  })
}

export function useOrganizationMembers(id: string) {
  return useQuery({
    queryKey: organizationKeys.members(id),
    queryFn: ({ signal }) => apiClient.call(routes.members, { params: { id } }, { signal }),
  })
}

/** Owner and admin only (the page does not ask otherwise). */
export function useOrganizationInvitations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: organizationKeys.invitations(id),
    queryFn: ({ signal }) => apiClient.call(routes.invitations, { params: { id } }, { signal }),
    enabled,
  })
}

/** Owner and admin only: the transfers removed members left to the organization. */
export function useOrganizationTransfers(id: string, enabled: boolean) {
  return useQuery({
    queryKey: organizationKeys.transfers(id),
    queryFn: ({ signal }) => apiClient.call(routes.transfers, { params: { id } }, { signal }),
    enabled,
  })
}

/** Owner, admin and billing only. */
export function useOrganizationBilling(id: string, enabled: boolean) {
  return useQuery({
    queryKey: organizationKeys.billing(id),
    queryFn: ({ signal }) => apiClient.call(routes.billing, { params: { id } }, { signal }),
    enabled,
  })
}

/** A change to the organization: on success every organization query (and the plan) is asked again. */
function useOrganizationMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      // Joining, leaving or handing over changes the effective plan too (the org's plan applies to members).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ])
    },
  })
}

export const useCreateOrganization = () =>
  useOrganizationMutation((name: string) => apiClient.call(routes.create, { body: { name } }))

export const useUpdateOrganization = (id: string) =>
  useOrganizationMutation((body: { name?: string; billing_email?: string }) =>
    apiClient.call(routes.update, { params: { id }, body }),
  )

export const useChangeMemberRole = (id: string) =>
  useOrganizationMutation(({ userId, role }: { userId: string; role: OrganizationRole }) =>
    apiClient.call(routes.updateMember, { params: { id, user_id: userId }, body: { role } }),
  )

/** Removes a member; the caller's own id is leaving. */
export const useRemoveMember = (id: string) =>
  useOrganizationMutation((userId: string) => apiClient.call(routes.removeMember, { params: { id, user_id: userId } }))

export const useInvite = (id: string) =>
  useOrganizationMutation((body: { email: string; role: InvitableRole }) =>
    apiClient.call(routes.invite, { params: { id }, body }),
  )

export const useRevokeInvitation = (id: string) =>
  useOrganizationMutation((invitationId: string) =>
    apiClient.call(routes.revokeInvitation, { params: { id, invitation_id: invitationId } }),
  )

/** POST …/invitations/inspect: asked once per token; a refusal (unknown, expired) is the answer. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: organizationKeys.invitation(token),
    queryFn: ({ signal }) => apiClient.call(routes.inspectInvitation, { body: { token } }, { signal }),
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export const useAcceptInvitation = () =>
  useOrganizationMutation((token: string) => apiClient.call(routes.acceptInvitation, { body: { token } }))
