import type { RoomResponse } from '@ferry/contracts/api/rooms'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { usePagedList } from '../../../lib/paged-list.js'
import { roomsApi } from './rooms-api.js'

export const roomKeys = {
  room: (roomId: string, who: string) => ['rooms', roomId, who] as const,
  history: ['rooms', 'history'] as const,
}

/** GET /api/rooms/{id} as this browser's user or visitor (`who` keys the cache per identity). */
export function useRoom(roomId: string, guestToken: string | null, who: string) {
  return useQuery({
    queryKey: roomKeys.room(roomId, who),
    queryFn: ({ signal }) => roomsApi.get(roomId, guestToken, signal),
    retry: 1,
    refetchOnWindowFocus: false,
  })
}

export function useSetRoom(roomId: string, who: string) {
  const queryClient = useQueryClient()
  return (room: RoomResponse) => queryClient.setQueryData(roomKeys.room(roomId, who), room)
}

export function useCreateRoom() {
  return useMutation({ mutationFn: roomsApi.create })
}

export function useTransferHistory() {
  return usePagedList(roomKeys.history, (cursor, signal) => roomsApi.history(cursor, signal))
}
