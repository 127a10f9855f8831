import { and, eq, isNull } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { receivedFiles, receivedGroups, transferFiles, transfers } from '../../db/schema/index.js'
import type { FileDigest } from './file-digest.js'
import type { DigestedTable } from './file-digests.types.js'

/** The digest columns of both file tables; no rules. */
export function createFileDigestsRepository(db: DbExecutor) {
  return {
    /** The file, while its bytes are still kept, and whether it has its digest already. */
    async liveFile(table: DigestedTable, fileId: string) {
      if (table === 'transfer') {
        const [row] = await db
          .select({ fileKey: transferFiles.fileKey, fileSize: transferFiles.fileSize, sha256: transferFiles.sha256 })
          .from(transferFiles)
          .innerJoin(transfers, eq(transfers.id, transferFiles.transferId))
          .where(and(eq(transferFiles.id, fileId), isNull(transfers.filesDeletedAt)))
        return row
      }
      const [row] = await db
        .select({ fileKey: receivedFiles.fileKey, fileSize: receivedFiles.fileSize, sha256: receivedFiles.sha256 })
        .from(receivedFiles)
        .innerJoin(receivedGroups, eq(receivedGroups.id, receivedFiles.groupId))
        .where(and(eq(receivedFiles.id, fileId), isNull(receivedGroups.filesDeletedAt)))
      return row
    },

    async save(table: DigestedTable, fileId: string, digest: Pick<FileDigest, 'sha256' | 'crc32'>): Promise<void> {
      const fields = { sha256: digest.sha256, crc32: digest.crc32 }
      if (table === 'transfer') await db.update(transferFiles).set(fields).where(eq(transferFiles.id, fileId))
      else await db.update(receivedFiles).set(fields).where(eq(receivedFiles.id, fileId))
    },
  }
}
