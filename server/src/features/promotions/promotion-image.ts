import sharp, { type OutputInfo } from 'sharp'
import { AppError } from '../../errors.js'

/** The longest side of a stored campaign image: twice the slot's widest CSS size (about 480 px), for sharp screens. */
export const promotionImageMaxSide = 960
const minWidth = 120
const minHeight = 60
/** Formats accepted as uploads; anything else libvips might open (SVG, PDF, TIFF…) is refused. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'])

export interface PromotionImage {
  bytes: Buffer
  width: number
  height: number
}

/**
 * An uploaded campaign image as Ferry stores it: checked to be a raster image of an accepted
 * format, turned upright by its EXIF orientation, scaled to fit `promotionImageMaxSide` and
 * re-encoded as WebP. sharp writes no metadata unless asked, so EXIF (GPS, camera) and ICC notes
 * of the upload are gone; only the first frame of an animation is kept.
 */
export async function toPromotionImage(upload: Buffer): Promise<PromotionImage> {
  const invalid = () => new AppError('promotion_image_invalid', 422)
  let format: string | undefined
  try {
    format = (await sharp(upload, { limitInputPixels: 8192 * 8192 }).metadata()).format
  } catch {
    throw invalid()
  }
  if (!format || !acceptedFormats.has(format)) throw invalid()
  let output: { data: Buffer; info: OutputInfo }
  try {
    output = await sharp(upload, { limitInputPixels: 8192 * 8192, pages: 1 })
      .rotate()
      .resize({ width: promotionImageMaxSide, height: promotionImageMaxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw invalid()
  }
  const { width, height } = output.info
  if (width < minWidth || height < minHeight) throw new AppError('promotion_image_too_small', 422)
  return { bytes: output.data, width, height }
}
