import { previewKindOf } from '@ferry/contracts/domain/preview-kind'
import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import type { InlineObject } from '../../../http/download/inline-reply.js'
import type { JobQueue } from '../../../jobs/job-queue.js'
import type { Derivatives } from '../create-transfer.js'
import type { TransfersService, Viewer } from '../transfers.service.js'
import { derivativesKind } from './derivatives.job.js'
import { detectStoredMediaType } from './media-type.js'

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
  const derivative = async (
    key: string,
    fileName: string,
    lastModified: Date,
    contentType = 'image/webp',
  ): Promise<InlineObject> => {
    const stat = await deps.blobs.stat(key)
    if (!stat) throw new AppError('preview_not_found', 404)
    return {
      key,
      size: stat.size,
      // A derivative is rewritten under the same key; its size keeps a range from mixing two versions.
      etag: stat.etag ?? `"${key.length}-${stat.size}"`,
      contentType,
      fileName,
      lastModified,
      goneCode: 'preview_not_found',
    }
  }

  return {
    /**
     * The file's own bytes (its type read from them), or with `screen` its screen-size rendition;
     * for a file the browser cannot show, its derivative (an office document's PDF).
     */
    async preview(
      uniqueId: string,
      fileId: string,
      size: 'original' | 'screen',
      viewer: Viewer,
      grants: readonly string[],
    ): Promise<InlineObject> {
      const { file, createdAt } = await transfers.viewFile(uniqueId, fileId, viewer, grants)
      const previewDerivative = (previewKey: string) => {
        const type = file.previewType ?? 'image/webp'
        const extension = type === 'application/pdf' ? 'pdf' : 'webp'
        return derivative(previewKey, `${file.fileName}.${extension}`, createdAt, type)
      }
      if (size === 'screen' && file.previewKey) return previewDerivative(file.previewKey)
      // Until the derivatives job recorded it, the type is read from the bytes now.
      const mediaType = file.mediaType ?? (await detectStoredMediaType(deps.blobs, file.fileKey, file.fileSize))
      // What the browser cannot show is viewed through its derivative: an office document's PDF,
      // a TIFF's rendition.
      if (!previewKindOf(mediaType) && file.previewKey) return previewDerivative(file.previewKey)
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
