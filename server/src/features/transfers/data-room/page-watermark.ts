import sharp from 'sharp'

/** What is burned into a page: who looks, when, and which view (a photo of the screen names all three). */
export interface WatermarkText {
  email: string
  at: Date
  viewId: string
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

/** The stamped line: the viewer's address, the time in UTC to the second, the view id. */
export const watermarkLine = ({ email, at, viewId }: WatermarkText) =>
  `${email} · ${at.toISOString().replace(/\.\d{3}Z$/, 'Z')} · ${viewId}`

/**
 * One tile of the watermark: the line drawn diagonally (-30°), semi-transparent, twice in two
 * tones so it shows on light and dark pages alike. Small, so librsvg draws it in milliseconds;
 * sharp repeats it over the whole page (a page-size SVG pattern took seconds to draw).
 */
export function watermarkTileSvg(pageWidth: number, text: WatermarkText): string {
  const line = xmlEscape(watermarkLine(text))
  const font = Math.max(14, Math.round(pageWidth / 55))
  const textWidth = Math.round(font * watermarkLine(text).length * 0.6)
  const w = textWidth
  const h = Math.round(textWidth * 0.62)
  const face = 'font-family="DejaVu Sans, Liberation Sans, sans-serif"'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><g transform="rotate(-30 ${w / 2} ${h / 2})">
<text x="${w / 2}" y="${h / 2}" text-anchor="middle" ${face} font-size="${font}" fill="#000" fill-opacity="0.22">${line}</text>
<text x="${w / 2}" y="${Math.round(h / 2 + font * 1.3)}" text-anchor="middle" ${face} font-size="${font}" fill="#fff" fill-opacity="0.3">${line}</text>
</g></svg>`
}

/**
 * A clean page raster with the watermark tiled over it, as WebP. sharp writes no metadata (no
 * EXIF, XMP or ICC from the raster) unless asked, and it is not asked.
 */
export async function watermarkPage(clean: Buffer, text: WatermarkText): Promise<Buffer> {
  const page = sharp(clean)
  const { width } = await page.metadata()
  if (!width) throw new Error('The stored page has no size')
  const tile = await sharp(Buffer.from(watermarkTileSvg(width, text)))
    .png()
    .toBuffer()
  return page
    .composite([{ input: tile, tile: true }])
    .webp({ quality: 80, effort: 1 })
    .toBuffer()
}
