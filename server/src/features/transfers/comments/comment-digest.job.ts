import type { JobHandler } from '../../../jobs/job-worker.js'
import { type CommentsService, commentDigestKind } from './comments.service.js'

/** Queued once per sender and 10-minute window by a recipient's comment (comments.service.ts). */
export function commentDigestHandler(comments: Pick<CommentsService, 'sendDigest'>): JobHandler {
  return {
    kind: commentDigestKind,
    async run(job) {
      const { userId } = job.payload as { userId: string }
      await comments.sendDigest(userId)
    },
  }
}
