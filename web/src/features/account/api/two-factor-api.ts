import type {
  RecoveryCodesResponse,
  RememberedDevicesResponse,
  TotpEnrolmentResponse,
  TwoFactorProofRequest,
  TwoFactorStatusResponse,
} from '@ferry/contracts/api/two-factor'
import { twoFactorApi as routes } from '@ferry/contracts/routes/two-factor'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** Two-factor sign-in of the signed-in account (issue 23 item 2), through the contracts' routes. */
export interface TwoFactorApi {
  status(signal?: AbortSignal): Promise<TwoFactorStatusResponse>
  enrol(): Promise<TotpEnrolmentResponse>
  confirm(code: string): Promise<RecoveryCodesResponse>
  disable(proof: TwoFactorProofRequest): Promise<void>
  regenerateRecoveryCodes(proof: TwoFactorProofRequest): Promise<RecoveryCodesResponse>
  devices(signal?: AbortSignal): Promise<RememberedDevicesResponse>
  forgetDevice(id: string): Promise<void>
  forgetAllDevices(): Promise<void>
}

export function createTwoFactorApi(client: ApiClient = apiClient): TwoFactorApi {
  return {
    status: (signal) => client.call(routes.status, {}, { signal }),
    enrol: () => client.call(routes.enrol, {}),
    confirm: (code) => client.call(routes.confirm, { body: { code } }),
    disable: async (body) => {
      await client.call(routes.disable, { body })
    },
    regenerateRecoveryCodes: (body) => client.call(routes.regenerateRecoveryCodes, { body }),
    devices: (signal) => client.call(routes.devices, {}, { signal }),
    forgetDevice: async (id) => {
      await client.call(routes.forgetDevice, { params: { id } })
    },
    forgetAllDevices: async () => {
      await client.call(routes.forgetAllDevices, {})
    },
  }
}

const twoFactorApi = createTwoFactorApi()
const statusKey = ['two-factor'] as const
const devicesKey = ['remembered-devices'] as const

/** A password or a 6-digit code typed as proof: six digits count as a code. */
export const proofOf = (typed: string): TwoFactorProofRequest =>
  /^\d{6}$/.test(typed.replace(/\s+/g, '')) ? { code: typed.replace(/\s+/g, '') } : { password: typed }

export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: ({ signal }) => twoFactorApi.status(signal) })
}

export function useRememberedDevices(enabled: boolean) {
  return useQuery({ queryKey: devicesKey, queryFn: ({ signal }) => twoFactorApi.devices(signal), enabled })
}

function useReload() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: statusKey })
    void queryClient.invalidateQueries({ queryKey: devicesKey })
  }
}

export function useEnrolTotp() {
  return useMutation({ mutationFn: () => twoFactorApi.enrol() })
}

export function useConfirmTotp() {
  return useMutation({ mutationFn: (code: string) => twoFactorApi.confirm(code), onSuccess: useReload() })
}

export function useDisableTotp() {
  return useMutation({ mutationFn: (typed: string) => twoFactorApi.disable(proofOf(typed)), onSuccess: useReload() })
}

export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (typed: string) => twoFactorApi.regenerateRecoveryCodes(proofOf(typed)),
    onSuccess: useReload(),
  })
}

export function useForgetDevice() {
  return useMutation({
    mutationFn: (id: string | 'all') =>
      id === 'all' ? twoFactorApi.forgetAllDevices() : twoFactorApi.forgetDevice(id),
    onSuccess: useReload(),
  })
}
