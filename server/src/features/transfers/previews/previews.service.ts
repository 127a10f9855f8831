import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import type { InlineObject } from '../../../http/download/inline-reply.js'
import type { JobQueue } from '../../../jobs/job-queue.js'
import type { Derivatives } from '../create-transfer.js'
import type { TransfersService, Viewer } from '../transfers.service.js'
import { derivativesKind } from './derivatives.job.js'
import { detectMediaType, readHead } from './media-type.js'

/** The queue side of previews: what the transfer creator calls in its transaction. */
export function createDerivativesQueue(queue: Pick<JobQueue, 'enqueue'>): Derivatives {
  return {
    async enqueue(tx, fileIds) {
      for (const fileId of fileIds) {
        await queue.enqueue(derivativesKind, { fileId }, { executor: tx, dedupeKey: `${derivativesKind}:${fileId}` })
      }
    },
  }
}

/**
 * Viewing files on the share page (issue 19): what to send for a preview or a thumbnail, after
 * the transfer's access grant and the sender's plan were checked (transfers.viewFile).
 */
export function createPreviewsService(deps: Pick<Deps, 'blobs'>, transfers: Pick<TransfersService, 'viewFile'>) {
  const derivative = async (key: string, fileName: string, lastModified: Date): Promise<InlineObject> => {
    const stat = await deps.blobs.stat(key)
    if (!stat) throw new AppError('preview_not_found', 404)
    return {
      key,
      size: stat.size,
      // A derivative is rewritten under the same key; its size keeps a range from mixing two versions.
      etag: stat.etag ?? `"${key.length}-${stat.size}"`,
      contentType: 'image/webp',
      fileName,
      lastModified,
      goneCode: 'preview_not_found',
    }
  }

  return {
    /** The file's own bytes (its type read from them), or with `screen` its screen-size rendition. */
    async preview(
      uniqueId: string,
      fileId: string,
      size: 'original' | 'screen',
      viewer: Viewer,
      grants: readonly string[],
    ): Promise<InlineObject> {
      const { file, createdAt } = await transfers.viewFile(uniqueId, fileId, viewer, grants)
      if (size === 'screen' && file.previewKey) {
        return derivative(file.previewKey, `${file.fileName}.webp`, createdAt)
      }
      // Until the derivatives job recorded it, the type is read from the first bytes now.
      const mediaType =
        file.mediaType ?? (await detectMediaType(await readHead(deps.blobs, file.fileKey, file.fileSize)))
      return {
        key: file.fileKey,
        size: file.fileSize,
        etag: `"${file.id}"`,
        contentType: mediaType ?? 'application/octet-stream',
        fileName: file.fileName,
        lastModified: createdAt,
        goneCode: 'transfer_files_gone',
      }
    },

    async thumbnail(uniqueId: string, fileId: string, viewer: Viewer, grants: readonly string[]) {
      const { file, createdAt } = await transfers.viewFile(uniqueId, fileId, viewer, grants)
      if (!file.thumbnailKey) throw new AppError('preview_not_found', 404)
      return derivative(file.thumbnailKey, `${file.fileName}.webp`, createdAt)
    },
  }
}

export type PreviewsService = ReturnType<typeof createPreviewsService>
