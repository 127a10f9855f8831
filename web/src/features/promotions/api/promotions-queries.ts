import type { PromotionUpdateRequest } from '@ferry/contracts/api/promotions'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { promotionsApi } from './promotions-api.js'

export const promotionKeys = {
  all: ['promotions'] as const,
  slot: (lang: 'en' | 'es', share: string | undefined, viewer: string | null) =>
    ['promotions', 'slot', lang, share ?? null, viewer] as const,
  admin: ['promotions', 'admin'] as const,
}

/**
 * The slot's promotion: fetched once per page visit (each serving is one counted impression, so
 * no refetch on focus and nothing kept once the page is left: the next visit rotates).
 */
export function usePromotionSlot(lang: 'en' | 'es', share: string | undefined, viewer: string | null) {
  return useQuery({
    queryKey: promotionKeys.slot(lang, share, viewer),
    queryFn: ({ signal }) => promotionsApi.slot({ lang, share }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

/** Every campaign with its daily figures; fresh each time the tab opens. */
export function useAdminPromotions() {
  return useQuery({ queryKey: promotionKeys.admin, queryFn: ({ signal }) => promotionsApi.list(signal), staleTime: 0 })
}

function useReload() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: promotionKeys.admin })
}

export function useCreatePromotion() {
  const reload = useReload()
  return useMutation({ mutationFn: promotionsApi.create, onSuccess: reload })
}

export function useUpdatePromotion() {
  const reload = useReload()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PromotionUpdateRequest }) => promotionsApi.update(id, body),
    onSuccess: reload,
  })
}

export function useDeletePromotion() {
  const reload = useReload()
  return useMutation({ mutationFn: promotionsApi.remove, onSuccess: reload })
}
