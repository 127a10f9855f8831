import type { Passkey, PasskeyCredential, PasskeysResponse } from '@ferry/contracts/api/passkeys'
import { passkeysApi as routes } from '@ferry/contracts/routes/passkeys'
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'
import { twoFactorRequirementKey } from './two-factor-requirement-api.js'

/** Passkeys of the signed-in account (issue 23 item 2), through the contracts' routes. */
export interface PasskeysApi {
  list(signal?: AbortSignal): Promise<PasskeysResponse>
  /** Asks the server for options, lets the browser make the passkey, and registers it. */
  add(name: string): Promise<Passkey>
  rename(id: string, name: string): Promise<Passkey>
  remove(id: string): Promise<void>
}

export function createPasskeysApi(client: ApiClient = apiClient): PasskeysApi {
  return {
    list: (signal) => client.call(routes.list, {}, { signal }),
    add: async (name) => {
      const { options } = await client.call(routes.registrationOptions, {})
      const credential = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      })
      return client.call(routes.register, { body: { name, credential: credential as PasskeyCredential } })
    },
    rename: (id, name) => client.call(routes.rename, { params: { id }, body: { name } }),
    remove: async (id) => {
      await client.call(routes.remove, { params: { id } })
    },
  }
}

const passkeysApi = createPasskeysApi()
const passkeysKey = ['passkeys'] as const

export function usePasskeys() {
  return useQuery({ queryKey: passkeysKey, queryFn: ({ signal }) => passkeysApi.list(signal) })
}

function useReload() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: passkeysKey })
    // A passkey is a second factor: whether 2FA is still required of the account may change.
    void queryClient.invalidateQueries({ queryKey: twoFactorRequirementKey })
  }
}

export function useAddPasskey() {
  return useMutation({ mutationFn: (name: string) => passkeysApi.add(name), onSuccess: useReload() })
}

export function useRenamePasskey() {
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => passkeysApi.rename(id, name),
    onSuccess: useReload(),
  })
}

export function useRemovePasskey() {
  return useMutation({ mutationFn: (id: string) => passkeysApi.remove(id), onSuccess: useReload() })
}
