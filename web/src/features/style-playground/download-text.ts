/** Saves text as a file through a temporary object URL. */
export function downloadText(fileName: string, text: string, type = 'text/css'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
