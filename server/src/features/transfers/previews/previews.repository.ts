import { and, eq, isNull } from 'drizzle-orm'
import type { DbExecutor } from '../../../db/database.js'
import { transferFiles, transfers } from '../../../db/schema/index.js'

export interface DerivativeFields {
  mediaType: string | null
  thumbnailKey: string | null
  previewKey: string | null
  /** What previewKey holds: `image/webp` or `application/pdf`. */
  previewType: string | null
}

/** The preview columns of transfer files (issue 19); no rules. */
export function createPreviewsRepository(db: DbExecutor) {
  return {
    /** A file whose transfer still has its files, with what is known of its derivatives. */
    async liveFile(fileId: string) {
      const [row] = await db
        .select({ fileKey: transferFiles.fileKey, fileSize: transferFiles.fileSize })
        .from(transferFiles)
        .innerJoin(transfers, eq(transfers.id, transferFiles.transferId))
        .where(and(eq(transferFiles.id, fileId), isNull(transfers.filesDeletedAt)))
      return row
    },

    /** Records the derivatives only while the transfer still has its files; false when it no longer does. */
    async saveDerivatives(fileId: string, fields: DerivativeFields): Promise<boolean> {
      const rows = await db
        .update(transferFiles)
        .set(fields)
        .where(
          and(
            eq(transferFiles.id, fileId),
            eq(
              transferFiles.transferId,
              db
                .select({ id: transfers.id })
                .from(transfers)
                .where(and(eq(transfers.id, transferFiles.transferId), isNull(transfers.filesDeletedAt))),
            ),
          ),
        )
        .returning({ id: transferFiles.id })
      return rows.length === 1
    },
  }
}
