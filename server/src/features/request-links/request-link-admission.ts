import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { assertOpen } from './request-link-rules.js'
import { createRequestLinksRepository } from './request-links.repository.js'

/**
 * For the uploads feature: before a key is handed out for a request link, the link must exist
 * and take uploads (404, 409 completed, 410 expired). Returns the requester, whose plan bounds
 * the upload. Kept apart from the service so uploads need not import it (which imports uploads).
 */
export async function admitRequestUpload(
  deps: { database: { db: Db }; clock: Pick<Clock, 'now'> },
  requestId: string,
): Promise<{ requesterId: string }> {
  const link = assertOpen(await createRequestLinksRepository(deps.database.db).find(requestId), deps.clock.now())
  return { requesterId: link.userId }
}
