import type { WebhookCreateRequest, WebhookUpdateRequest } from '@ferry/contracts/api/webhooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { webhooksApi } from './webhooks-api.js'

const webhooksKey = ['webhooks'] as const
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const

/** GET /api/webhooks */
export function useWebhooks() {
  return useQuery({ queryKey: webhooksKey, queryFn: ({ signal }) => webhooksApi.list(signal) })
}

/** POST /api/webhooks: the answer holds the secret, which is shown once and never fetched again. */
export function useCreateWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: WebhookCreateRequest) => webhooksApi.create(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  })
}

/** PATCH /api/webhooks/{id} */
export function useUpdateWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookUpdateRequest }) => webhooksApi.update(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  })
}

/** DELETE /api/webhooks/{id} */
export function useDeleteWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => webhooksApi.remove(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  })
}

/** POST /api/webhooks/{id}/rotate-secret: the new secret is shown once. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => webhooksApi.rotateSecret(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey }),
  })
}

/** GET /api/webhooks/{id}/deliveries, refreshed every few seconds while shown (deliveries run in the background). */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => webhooksApi.deliveries(id, signal),
    refetchInterval: 5_000,
  })
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/resend */
export function useResendWebhookDelivery(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deliveryId: string) => webhooksApi.resend(id, deliveryId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  })
}
