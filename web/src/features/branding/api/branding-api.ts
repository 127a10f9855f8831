import type { Background, BrandCssResponse, HomeBranding } from '@ferry/contracts/api/branding'
import { brandingApi as routes } from '@ferry/contracts/routes/branding'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** An organization's stylesheet and backgrounds (issue 22 items 3 and 4), through the contracts' routes. */
export function createBrandingApi(client: ApiClient = apiClient) {
  return {
    current: (signal?: AbortSignal): Promise<HomeBranding> => client.call(routes.home, {}, { signal }),
    css: (id: string, signal?: AbortSignal): Promise<BrandCssResponse> =>
      client.call(routes.getCss, { params: { id } }, { signal }),
    putCss: async (id: string, css: string) => {
      await client.call(routes.putCss, { params: { id }, body: new Blob([css], { type: 'text/css' }) })
    },
    deleteCss: async (id: string) => {
      await client.call(routes.deleteCss, { params: { id } })
    },
    backgrounds: async (id: string, signal?: AbortSignal): Promise<Background[]> =>
      (await client.call(routes.listBackgrounds, { params: { id } }, { signal })).backgrounds,
    upload: (id: string, file: File, alt: string): Promise<Background> =>
      client.call(routes.uploadBackground, { params: { id }, query: { alt }, body: file }),
    updateAlt: (id: string, backgroundId: string, alt: string): Promise<Background> =>
      client.call(routes.updateBackground, { params: { id, background_id: backgroundId }, body: { alt } }),
    remove: async (id: string, backgroundId: string) => {
      await client.call(routes.deleteBackground, { params: { id, background_id: backgroundId } })
    },
  }
}

const api = createBrandingApi()
export const brandingKeys = {
  all: ['branding'] as const,
  current: ['branding', 'current'] as const,
  css: (id: string) => ['branding', 'css', id] as const,
  backgrounds: (id: string) => ['branding', 'backgrounds', id] as const,
}

/** GET /api/organizations/current/branding: the organization, its branding flags, the home background. */
export function useCurrentBranding(enabled = true) {
  return useQuery({ queryKey: brandingKeys.current, queryFn: ({ signal }) => api.current(signal), enabled })
}

export function useBrandCss(organizationId: string) {
  return useQuery({
    queryKey: brandingKeys.css(organizationId),
    queryFn: ({ signal }) => api.css(organizationId, signal),
  })
}

export function useBackgrounds(organizationId: string) {
  return useQuery({
    queryKey: brandingKeys.backgrounds(organizationId),
    queryFn: ({ signal }) => api.backgrounds(organizationId, signal),
  })
}

/** Every change refreshes everything branding shows (the home background included). */
function useBrandingMutation<A>(run: (input: A) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: brandingKeys.all }),
  })
}

export const useSaveCss = (organizationId: string) =>
  useBrandingMutation((css: string) => api.putCss(organizationId, css))
export const useDeleteCss = (organizationId: string) => useBrandingMutation(() => api.deleteCss(organizationId))
export const useUploadBackground = (organizationId: string) =>
  useBrandingMutation(({ file, alt }: { file: File; alt: string }) => api.upload(organizationId, file, alt))
export const useUpdateBackgroundAlt = (organizationId: string) =>
  useBrandingMutation(({ id, alt }: { id: string; alt: string }) => api.updateAlt(organizationId, id, alt))
export const useRemoveBackground = (organizationId: string) =>
  useBrandingMutation((id: string) => api.remove(organizationId, id))
