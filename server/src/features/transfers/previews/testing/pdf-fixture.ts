/**
 * A valid PDF of `pages` A4 pages, each with a heading and lines of text in Helvetica (a font
 * every PDF reader has), built by hand with a correct cross-reference table: test and benchmark
 * input without a PDF library.
 */
export function makePdf(pages: number, linesPerPage = 40): Buffer {
  const objects: string[] = []
  const add = (body: string) => {
    objects.push(body)
    return objects.length
  }
  const catalog = add('') // filled below, once the page tree's number is known
  const pagesId = add('')
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
  const kids: number[] = []
  for (let page = 1; page <= pages; page++) {
    const lines = [`BT /F1 28 Tf 72 770 Td (Page ${page} of ${pages}) Tj ET`]
    for (let line = 0; line < linesPerPage; line++) {
      lines.push(
        `BT /F1 11 Tf 72 ${740 - line * 16} Td (Line ${line + 1}: the quick brown fox jumps over the lazy dog.) Tj ET`,
      )
    }
    const stream = lines.join('\n')
    const content = add(`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`)
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    )
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`

  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf))
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf)
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}
