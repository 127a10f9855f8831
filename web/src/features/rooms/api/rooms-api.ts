import {
  type HistoryList,
  historyResponse,
  type InitiateTransferRequest,
  type RoomCreateRequest,
  type RoomCreateResponse,
  type RoomJoinResponse,
  type RoomResponse,
  type RoomTransfer,
  roomCreateResponse,
  roomGuestHeader,
  roomJoinResponse,
  roomResponse,
  roomsPaths,
  roomTransferSchema,
  type TransferStatusRequest,
} from '@ferry/contracts/api/rooms'
import { roomsApi as roomRoutes } from '@ferry/contracts/routes/rooms'
import { type ApiClient, apiClient, createApiClient } from '../../../lib/api-client.js'

export const withParam = (path: string, name: string, value: string) =>
  path.replace(`:${name}`, encodeURIComponent(value))

/** A visitor's room-scoped guest token goes along as a header; signed-in users are known by their auth cookie. */
const guestHeaders = (guestToken: string | null | undefined) =>
  guestToken ? { [roomGuestHeader]: guestToken } : undefined

export interface RoomsApi {
  create(payload: RoomCreateRequest): Promise<RoomCreateResponse>
  get(roomId: string, guestToken: string | null, signal?: AbortSignal): Promise<RoomResponse>
  join(roomId: string, displayName: string | undefined): Promise<RoomJoinResponse>
  /** Leave room: gone for everyone at once, the seat freed. */
  leave(roomId: string, guestToken: string | null): Promise<void>
  /** Close room (the host): the room ends now for everyone. */
  close(roomId: string): Promise<void>
  initiateTransfer(roomId: string, payload: InitiateTransferRequest, guestToken: string | null): Promise<RoomTransfer>
  respond(transferId: string, accept: boolean, guestToken: string | null): Promise<RoomTransfer>
  reportStatus(transferId: string, payload: TransferStatusRequest, guestToken: string | null): Promise<RoomTransfer>
  /** One page of the history, after `cursor` (null for the first). */
  history(cursor: string | null, signal?: AbortSignal): Promise<HistoryList>
}

/**
 * The room calls of spec/transfers.md §7. `roomClient` serves the room page, where a 401 (a visitor's
 * guest token that ran out) must not log out whoever is signed in in this browser.
 */
export function createRoomsApi(
  client: ApiClient = apiClient,
  roomClient: ApiClient = createApiClient({ handleUnauthorized: false }),
): RoomsApi {
  return {
    create: (payload) => client.post(roomsPaths.create, payload, { schema: roomCreateResponse }),
    get: (roomId, guestToken, signal) =>
      roomClient.get(withParam(roomsPaths.get, 'roomId', roomId), {
        schema: roomResponse,
        headers: guestHeaders(guestToken),
        signal,
      }),
    join: (roomId, displayName) =>
      roomClient.post(
        withParam(roomsPaths.join, 'roomId', roomId),
        displayName === undefined ? {} : { display_name: displayName },
        { schema: roomJoinResponse },
      ),
    leave: async (roomId, guestToken) => {
      await roomClient.call(roomRoutes.leave, { params: { roomId } }, { headers: guestHeaders(guestToken) })
    },
    close: async (roomId) => {
      await roomClient.call(roomRoutes.close, { params: { roomId } })
    },
    initiateTransfer: (roomId, payload, guestToken) =>
      roomClient.post(withParam(roomsPaths.initiateTransfer, 'roomId', roomId), payload, {
        schema: roomTransferSchema,
        headers: guestHeaders(guestToken),
      }),
    respond: (transferId, accept, guestToken) =>
      roomClient.post(
        withParam(roomsPaths.respond, 'id', transferId),
        { transfer_id: transferId, accept },
        { schema: roomTransferSchema, headers: guestHeaders(guestToken) },
      ),
    reportStatus: (transferId, payload, guestToken) =>
      roomClient.post(withParam(roomsPaths.status, 'id', transferId), payload, {
        schema: roomTransferSchema,
        headers: guestHeaders(guestToken),
      }),
    history: (cursor, signal) => client.get(roomsPaths.history, { query: { cursor }, schema: historyResponse, signal }),
  }
}

export const roomsApi = createRoomsApi()

/**
 * ws(s)://this-origin/path, with `?token=…` for a visitor's guest token (browsers cannot set headers
 * on a WebSocket); a signed-in user's socket is admitted by the auth cookie (spec/transfers.md §7).
 */
export function socketUrl(path: string, token: string | null): string {
  const url = new URL(path, window.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (token) url.searchParams.set('token', token)
  return url.toString()
}
