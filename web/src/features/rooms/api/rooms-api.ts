import {
  type HistoryList,
  type InitiateTransferRequest,
  type RoomCreateRequest,
  type RoomCreateResponse,
  type RoomJoinResponse,
  type RoomResponse,
  type RoomTransfer,
  roomGuestHeader,
  type SendAsLinkRequest,
  type SendAsLinkResponse,
  type TransferStatusRequest,
} from '@ferry/contracts/api/rooms'
import { roomsApi as routes } from '@ferry/contracts/routes/rooms'
import { type ApiClient, apiClient, createApiClient } from '../../../lib/api-client.js'

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
  /** The offer that could not connect, sent as a link transfer of these uploads (signed-in senders). */
  sendAsLink(transferId: string, files: SendAsLinkRequest['files']): Promise<SendAsLinkResponse>
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
    create: (payload) => client.call(routes.create, { body: payload }),
    get: (roomId, guestToken, signal) =>
      roomClient.call(routes.get, { params: { roomId } }, { headers: guestHeaders(guestToken), signal }),
    join: (roomId, displayName) =>
      roomClient.call(routes.join, {
        params: { roomId },
        body: displayName === undefined ? {} : { display_name: displayName },
      }),
    leave: async (roomId, guestToken) => {
      await roomClient.call(routes.leave, { params: { roomId } }, { headers: guestHeaders(guestToken) })
    },
    close: async (roomId) => {
      await roomClient.call(routes.close, { params: { roomId } })
    },
    initiateTransfer: (roomId, payload, guestToken) =>
      roomClient.call(
        routes.initiateTransfer,
        { params: { roomId }, body: payload },
        { headers: guestHeaders(guestToken) },
      ),
    respond: (transferId, accept, guestToken) =>
      roomClient.call(
        routes.respond,
        { params: { id: transferId }, body: { transfer_id: transferId, accept } },
        { headers: guestHeaders(guestToken) },
      ),
    reportStatus: (transferId, payload, guestToken) =>
      roomClient.call(
        routes.status,
        { params: { id: transferId }, body: payload },
        { headers: guestHeaders(guestToken) },
      ),
    sendAsLink: (transferId, files) => client.call(routes.sendAsLink, { params: { id: transferId }, body: { files } }),
    history: (cursor, signal) => client.call(routes.history, { query: { cursor: cursor ?? undefined } }, { signal }),
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
