import { topic } from '../../../adapters/event-bus/topic.js'

/** A file of the transfer got a comment, a reply, a resolve or a verdict (any instance). */
export interface CommentsChanged {
  file_id: string
}

/** The transfer's comment events, one topic per transfer: each share page's socket subscribes to its own. */
export const commentsTopic = (transferId: string) => topic<CommentsChanged>(`comments:${transferId}`)
