import { backgroundWidths } from '@ferry/contracts/api/branding'
import sharp, { type Metadata } from 'sharp'

/** The formats every background is made in, best first (what `<picture>` lists). */
export const backgroundFormats = ['avif', 'webp'] as const
export type BackgroundFormat = (typeof backgroundFormats)[number]

/** Where a background's rendition is kept in the blob store. */
export const backgroundBlobKey = (
  organizationId: string,
  backgroundId: string,
  width: number,
  format: BackgroundFormat,
) => `brand/${organizationId}/${backgroundId}/${width}.${format}`

export interface BackgroundRendition {
  width: number
  format: BackgroundFormat
  bytes: Buffer
}

/** An upload that is not a usable image (not one of the formats, unreadable, or absurd in size). */
export class BackgroundImageInvalid extends Error {}

const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif'])
/** Refuse decompression bombs before decoding: 100 megapixels is past any camera's wallpaper. */
const maxInputPixels = 100_000_000

/**
 * The widths to make for an image this wide: the standard screen widths it can fill, or its own
 * width alone when it is narrower than the smallest (never enlarged).
 */
export function widthsFor(sourceWidth: number): number[] {
  const fitting = backgroundWidths.filter((width) => width <= sourceWidth)
  return fitting.length > 0 ? fitting : [sourceWidth]
}

/**
 * Makes a background's renditions: turned upright by its EXIF orientation, then written without
 * any metadata (sharp keeps none unless asked: no EXIF, GPS or camera serial reaches recipients),
 * in sRGB, as AVIF and WebP at each width. AVIF's encoder effort is lowered from its default: at
 * 2560 pixels the default takes seconds per image on a small server, for a few percent of size.
 */
export async function renderBackground(
  input: Buffer,
): Promise<{ widths: number[]; renditions: BackgroundRendition[] }> {
  let metadata: Metadata
  try {
    metadata = await sharp(input, { limitInputPixels: maxInputPixels }).metadata()
  } catch {
    throw new BackgroundImageInvalid('unreadable')
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) throw new BackgroundImageInvalid('format')
  if (metadata.format === 'heif' && metadata.compression !== 'av1') throw new BackgroundImageInvalid('format')
  if (!metadata.width || !metadata.height) throw new BackgroundImageInvalid('size')
  // Width as shown, after the EXIF orientation turns it.
  const upright = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width
  const widths = widthsFor(upright)
  const renditions: BackgroundRendition[] = []
  try {
    for (const width of widths) {
      const resized = sharp(input, { limitInputPixels: maxInputPixels }).rotate().resize({ width }).toColorspace('srgb')
      renditions.push({
        width,
        format: 'avif',
        bytes: await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
      })
      renditions.push({ width, format: 'webp', bytes: await resized.clone().webp({ quality: 78 }).toBuffer() })
    }
  } catch {
    throw new BackgroundImageInvalid('unreadable')
  }
  return { widths, renditions }
}
