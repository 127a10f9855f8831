import { roomIdParams } from '../api/rooms.js'
import { defineRoutes } from './route.js'

/** Rooms' routes (spec/transfers.md §7); the older ones still live in api/rooms.ts. */
export const roomsApi = defineRoutes('rooms', {
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
})
