import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors.js'
import { promotionImageMaxSide, toPromotionImage } from './promotion-image.js'

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1971c2' } })

describe('toPromotionImage', () => {
  it('turns a photo upright by its EXIF orientation, and keeps no metadata', async () => {
    // Stored 400×200 with orientation 6 ("rotate 90° clockwise to show"): shown 200×400.
    const jpeg = await solid(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'TestCam' } })
      .toBuffer()
    const image = await toPromotionImage(jpeg)
    expect(image).toMatchObject({ width: 200, height: 400 })
    const meta = await sharp(image.bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 400 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
  })

  it(`fits a large image within ${promotionImageMaxSide} px and never enlarges a small one`, async () => {
    expect(await toPromotionImage(await solid(3000, 1500).png().toBuffer())).toMatchObject({ width: 960, height: 480 })
    expect(await toPromotionImage(await solid(300, 150).png().toBuffer())).toMatchObject({ width: 300, height: 150 })
  })

  it('refuses what is not a raster image, and images too small to read', async () => {
    const refused = (bytes: Buffer) => toPromotionImage(bytes).catch((error: AppError) => error.code)
    expect(await refused(Buffer.from('%PDF-1.7 not an image'))).toBe('promotion_image_invalid')
    expect(await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"/>'))).toBe(
      'promotion_image_invalid',
    )
    expect(await refused(await solid(100, 40).png().toBuffer())).toBe('promotion_image_too_small')
    expect(await toPromotionImage(Buffer.alloc(0)).catch((e) => e)).toBeInstanceOf(AppError)
  })
})
