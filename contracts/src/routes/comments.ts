import {
  commentCreateRequest,
  commentQuery,
  commentThreadSchema,
  fileCommentParams,
  fileCommentsResponse,
  fileReviewRequest,
  fileReviewSchema,
  threadParams,
  threadUpdateRequest,
} from '../api/comments.js'
import { transferIdParams } from '../api/transfers.js'
import { defineRoutes } from './route.js'

const whoWrites =
  "The transfer's access rules apply as for its previews and downloads (password grant, recipient verification, " +
  "expiry, deletion), and its sender's plan needs `document_comments` (else 403 `plan_feature_missing`). " +
  'The sender (signed in) and its recipients write: a recipient is known by the `t` of their personal link ' +
  'or by the grant of a verified address; anyone else with the link only reads (403 `comment_author_unknown`).'

/** Review comments on a transfer's files (issue 19 item 2). */
export const commentsApi = defineRoutes('comments', {
  list: {
    method: 'GET',
    path: '/api/share/:uniqueId/files/:fileId/comments',
    access: 'public',
    summary: "A file's comment threads, oldest first, and each reviewer's latest verdict",
    description: whoWrites,
    params: fileCommentParams,
    query: commentQuery,
    responses: { 200: fileCommentsResponse },
  },
  create: {
    method: 'POST',
    path: '/api/share/:uniqueId/files/:fileId/comments',
    access: 'public',
    summary:
      'A new thread on the file (optionally anchored to a PDF page, an image region or a media time), or a reply',
    description: `${whoWrites} Text is plain text of at most 4,000 characters. Answers the thread as it is now.`,
    params: fileCommentParams,
    query: commentQuery,
    body: commentCreateRequest,
    responses: { 201: commentThreadSchema },
  },
  updateThread: {
    method: 'PATCH',
    path: '/api/share/:uniqueId/files/:fileId/comments/:threadId',
    access: 'public',
    summary: 'Resolves or reopens a thread',
    description: whoWrites,
    params: threadParams,
    query: commentQuery,
    body: threadUpdateRequest,
    responses: { 200: commentThreadSchema },
  },
  review: {
    method: 'PUT',
    path: '/api/share/:uniqueId/files/:fileId/review',
    access: 'public',
    summary: "The caller's verdict on the file: approved or changes requested (their latest counts)",
    description: whoWrites,
    params: fileCommentParams,
    query: commentQuery,
    body: fileReviewRequest,
    responses: { 200: fileReviewSchema },
  },
  exportCsv: {
    method: 'GET',
    path: '/api/transfers/:id/comments.csv',
    access: 'user',
    scope: 'transfers:read',
    summary: "Every comment and verdict of the owner's transfer as CSV (RFC 4180, UTF-8, times in UTC)",
    description:
      'One row per comment and per verdict. Cells that a spreadsheet would read as a formula (starting with ' +
      '=, +, -, @, tab or carriage return) are prefixed with an apostrophe. Needs `document_comments`.',
    params: transferIdParams,
    responses: { 200: null },
  },
})
