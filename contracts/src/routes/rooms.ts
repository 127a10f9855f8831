import { pageQuery } from '../api/pagination.js'
import {
  directTransferIdParams,
  historyResponse,
  initiateTransferRequest,
  respondRequest,
  roomCreateRequest,
  roomCreateResponse,
  roomIdParams,
  roomJoinRequest,
  roomJoinResponse,
  roomResponse,
  roomTransferSchema,
  sendAsLinkRequest,
  sendAsLinkResponse,
  transferStatusRequest,
} from '../api/rooms.js'
import { defineRoutes } from './route.js'

/**
 * Direct-transfer rooms and their transfers (spec/transfers.md §3, §7): the HTTP routes. The sockets
 * are `roomSocketPaths` (contracts/src/api/rooms.ts). Visitors act with a room-scoped guest token in
 * the `X-Room-Guest` header; `:id` of the transfer routes is a direct transfer id.
 */
export const roomsApi = defineRoutes('rooms', {
  create: {
    method: 'POST',
    path: '/api/rooms',
    // Public in spirit (a visitor is told to log in), but the guard answers the 401 before the body is read (L-5).
    access: 'user',
    unauthorizedCode: 'room_login_required',
    body: roomCreateRequest,
    responses: { 201: roomCreateResponse },
  },
  get: {
    method: 'GET',
    path: '/api/rooms/:roomId',
    // Anyone: a participant (user or guest token) gets the room, anyone else its public view.
    access: 'public',
    params: roomIdParams,
    responses: { 200: roomResponse },
  },
  join: {
    method: 'POST',
    path: '/api/rooms/:roomId/join',
    // A visitor joins without an account and gets a guest token; a signed-in user joins as themselves.
    access: 'public',
    params: roomIdParams,
    body: roomJoinRequest,
    responses: { 200: roomJoinResponse },
  },
  leave: {
    method: 'POST',
    path: '/api/rooms/:roomId/leave',
    access: 'participant',
    summary: 'Leave room: the participant is gone for everyone at once, on every instance, and the seat is free',
    params: roomIdParams,
    responses: { 204: null },
  },
  close: {
    method: 'POST',
    path: '/api/rooms/:roomId/close',
    access: 'user',
    summary: 'Close room (the host only): the room ends now for everyone in it; its history stays',
    params: roomIdParams,
    responses: { 204: null },
  },
  initiateTransfer: {
    method: 'POST',
    path: '/api/rooms/:roomId/initiate-transfer',
    access: 'participant',
    params: roomIdParams,
    body: initiateTransferRequest,
    responses: { 201: roomTransferSchema },
  },
  /** Answers the RoomTransfer as it now is (status accepted or rejected). */
  respond: {
    method: 'POST',
    path: '/api/transfers/:id/respond',
    access: 'participant',
    params: directTransferIdParams,
    body: respondRequest,
    responses: { 200: roomTransferSchema },
  },
  /** Ferry's addition: completed (with speed), canceled or error, reported by a party; answers the RoomTransfer as it now is. */
  status: {
    method: 'POST',
    path: '/api/transfers/:id/status',
    access: 'participant',
    params: directTransferIdParams,
    body: transferStatusRequest,
    responses: { 200: roomTransferSchema },
  },
  /** The sender (signed in) sends the offer's uploaded files as a link transfer; its recipient is told the link. */
  sendAsLink: {
    method: 'POST',
    path: '/api/transfers/:id/link',
    access: 'user',
    summary: "Send a direct transfer that could not connect as a stored transfer's link to its recipient",
    params: directTransferIdParams,
    body: sendAsLinkRequest,
    responses: { 201: sendAsLinkResponse },
  },
  history: {
    method: 'GET',
    path: '/api/transfers/history',
    access: 'user',
    summary: "One page of the signed-in user's direct transfers, sent and received, newest first",
    query: pageQuery,
    responses: { 200: historyResponse },
  },
})
