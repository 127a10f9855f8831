import { degrees, PDFDocument, PDFName, rgb, StandardFonts } from 'pdf-lib'

/** What each page of a downloaded PDF is stamped with. */
export interface PdfStamp {
  recipientId: string
  email: string
  viewId: string
  at: Date
}

/** Helvetica (a standard PDF font) encodes WinAnsi only: anything else becomes '?'. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7e]/g, '?')

/**
 * A new PDF of the source's pages, each stamped diagonally (tiled, semi-transparent) with the
 * recipient's id and address, the time and the view id, and along its foot in one line. Built
 * into a fresh document, so nothing of the source's document information (author, title,
 * producer, creator, dates) or its XMP metadata comes along; page-level XMP is dropped too, and
 * pdf-lib is told not to write a producer or dates of its own.
 */
export async function stampPdf(source: Uint8Array, stamp: PdfStamp): Promise<Uint8Array> {
  const input = await PDFDocument.load(source, { updateMetadata: false })
  const output = await PDFDocument.create({ updateMetadata: false })
  const pages = await output.copyPages(input, input.getPageIndices())
  const font = await output.embedFont(StandardFonts.Helvetica)
  const line = winAnsi(
    `${stamp.email} - recipient ${stamp.recipientId} - ${stamp.at.toISOString().replace(/\.\d{3}Z$/, 'Z')} - view ${stamp.viewId}`,
  )
  for (const page of pages) {
    page.node.delete(PDFName.of('Metadata'))
    page.node.delete(PDFName.of('PieceInfo'))
    output.addPage(page)
    const { width, height } = page.getSize()
    const size = Math.max(7, Math.min(width, height) / 45)
    const lineWidth = font.widthOfTextAtSize(line, size)
    for (let y = -height; y < height * 1.5; y += size * 9) {
      for (let x = -width; x < width * 1.5; x += lineWidth + size * 4) {
        page.drawText(line, { x, y, size, font, color: rgb(0.5, 0.5, 0.5), opacity: 0.25, rotate: degrees(30) })
      }
    }
    page.drawText(line, { x: size, y: size, size: size * 0.9, font, color: rgb(0.3, 0.3, 0.3), opacity: 0.8 })
  }
  return output.save()
}

/** An image (already a clean PNG) as a one-page PDF of its size, then stamped like any PDF. */
export async function imagePdf(png: Uint8Array, stamp: PdfStamp): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const image = await doc.embedPng(png)
  const page = doc.addPage([image.width, image.height])
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height })
  return stampPdf(await doc.save(), stamp)
}
