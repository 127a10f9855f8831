import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { assertOpen, tooLarge } from './request-link-rules.js'
import { createRequestLinksRepository } from './request-links.repository.js'

/**
 * For the uploads feature: before a key is handed out for a request link, the link must exist
 * and take uploads (404, 409 completed, 410 expired), and a file of `fileSize` must fit what it
 * still accepts (413). Returns the requester, whose plan bounds the upload, and the bytes the link
 * accepts beyond what it received (null: no limit), which uploads still pending share. The
 * request-links service publishes it as `admitUpload`; composition.ts hands that to uploads.
 */
export async function admitRequestUpload(
  deps: { database: { db: Db }; clock: Pick<Clock, 'now'> },
  requestId: string,
  fileSize: number,
): Promise<{ requesterId: string; remainingBytes: number | null }> {
  const repo = createRequestLinksRepository(deps.database.db)
  const link = assertOpen(await repo.find(requestId), deps.clock.now())
  if (link.maxTotalBytes === null) return { requesterId: link.userId, remainingBytes: null }
  const remainingBytes = Math.max(0, link.maxTotalBytes - (await repo.received(link.id)).bytes)
  if (fileSize > remainingBytes) throw tooLarge(link.maxTotalBytes)
  return { requesterId: link.userId, remainingBytes }
}
