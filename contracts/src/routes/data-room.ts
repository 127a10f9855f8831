import {
  dataRoomFileParams,
  dataRoomLogQuery,
  dataRoomLogResponse,
  dataRoomPageParams,
  dataRoomQuery,
  dataRoomSeenRequest,
  dataRoomViewerParams,
  dataRoomViewResponse,
} from '../api/data-room.js'
import { transferIdParams } from '../api/transfers.js'
import { defineRoutes } from './route.js'

const viewerRules =
  "Needs the transfer's recipient grant (401 `verification_required` otherwise): a data room is open only " +
  'to its recipients. 403 `viewer_revoked` once the sender revoked this recipient; the sender’s plan needs ' +
  '`clean_data_room` (else 403 `plan_feature_missing`).'

/** The clean data room (issue 19 item 3): view-only pages, watermarked per viewer, logged. */
export const dataRoomApi = defineRoutes('data-room', {
  startView: {
    method: 'POST',
    path: '/api/share/:uniqueId/room/files/:fileId/views',
    access: 'public',
    summary: 'Starts a view of a file: a view id and its number of pages',
    description:
      `${viewerRules} 409 \`data_room_not_ready\` while the pages are still being rendered; 415 ` +
      '`data_room_unsupported` for a type the room cannot show.',
    params: dataRoomFileParams,
    query: dataRoomQuery,
    responses: { 201: dataRoomViewResponse },
  },
  page: {
    method: 'GET',
    path: '/api/share/:uniqueId/room/views/:viewId/pages/:n',
    access: 'public',
    summary: "Page n (from 1) of the view's file as WebP, with the viewer's email, the time and the view id burned in",
    description:
      `${viewerRules} Each request checks the grant and revocation again and is logged. ` +
      '`Cache-Control: no-store`; no metadata in the image.',
    params: dataRoomPageParams,
    query: dataRoomQuery,
    responses: { 200: null },
  },
  pageSeen: {
    method: 'POST',
    path: '/api/share/:uniqueId/room/views/:viewId/pages/:n/seen',
    access: 'public',
    summary: 'Records how long page n was on screen',
    description: viewerRules,
    params: dataRoomPageParams,
    query: dataRoomQuery,
    body: dataRoomSeenRequest,
    responses: { 204: null },
  },
  watermarkedPdf: {
    method: 'GET',
    path: '/api/share/:uniqueId/room/files/:fileId/watermarked.pdf',
    access: 'public',
    summary: "The file as a PDF stamped on every page with the recipient's id and email, without metadata",
    description:
      `${viewerRules} Only when the sender allowed it (\`data_room_pdf_download\`), else 403 ` +
      '`data_room_view_only`. Office documents as converted by LibreOffice, images as a one-page PDF. Logged.',
    params: dataRoomFileParams,
    query: dataRoomQuery,
    responses: { 200: null },
  },
  log: {
    method: 'GET',
    path: '/api/transfers/:id/room/log',
    access: 'user',
    scope: 'transfers:read',
    summary: "The owner's data-room log: each recipient's state and the page views, newest first",
    description: 'Paged with `before` (the previous answer’s `next_before`) and `limit` (default 100, at most 500).',
    params: transferIdParams,
    query: dataRoomLogQuery,
    responses: { 200: dataRoomLogResponse },
  },
  logCsv: {
    method: 'GET',
    path: '/api/transfers/:id/room/log.csv',
    access: 'user',
    scope: 'transfers:read',
    summary: 'The whole data-room log as CSV (RFC 4180, UTF-8, times in UTC), newest first',
    description: 'Cells a spreadsheet would read as a formula (=, +, -, @, tab, carriage return) get an apostrophe.',
    params: transferIdParams,
    responses: { 200: null },
  },
  revokeViewer: {
    method: 'POST',
    path: '/api/transfers/:id/room/viewers/:recipientId/revoke',
    access: 'user',
    scope: 'transfers:write',
    summary: "Revokes a recipient's view: their next page request answers 403 viewer_revoked",
    params: dataRoomViewerParams,
    responses: { 204: null },
  },
  restoreViewer: {
    method: 'DELETE',
    path: '/api/transfers/:id/room/viewers/:recipientId/revoke',
    access: 'user',
    scope: 'transfers:write',
    summary: "Restores a revoked recipient's view",
    params: dataRoomViewerParams,
    responses: { 204: null },
  },
})
