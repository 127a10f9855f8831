// biome-ignore lint/suspicious/noControlCharactersInRegex: the server refuses them in names
const controlCharacters = /[\u0000-\u001f\u007f]/g

/**
 * The name a picked file is uploaded under: its path inside the picked or dropped folder
 * ('photos/2024/a.jpg'), or just its name. Leading './' and '/', backslashes, empty and '.' /
 * '..' segments and control characters are dropped, so the name is a clean relative path.
 */
export function uploadFileName(name: string, relativePath?: string | null): string {
  const source = relativePath?.trim() ? relativePath : name
  const segments = source
    .replace(controlCharacters, '')
    .split(/[\\/]+/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
  const clean = segments.join('/')
  return clean || name.replace(controlCharacters, '').trim() || 'file'
}

/** A picked file and the path it was found at, when it came from a folder. */
export interface PickedFile {
  file: File
  /** 'photos/2024/a.jpg' for a file inside a picked or dropped folder. */
  relativePath?: string
}

/** Files from `<input type="file">`, folder pickers included (`webkitdirectory` fills webkitRelativePath). */
export function pickedFromInput(files: Iterable<File>): PickedFile[] {
  return Array.from(files, (file) => ({ file, relativePath: file.webkitRelativePath || undefined }))
}

/** System files folders carry that nobody means to send. */
const ignoredNames = new Set(['.DS_Store', 'Thumbs.db', 'desktop.ini'])

export function isIgnoredSystemFile(name: string): boolean {
  return ignoredNames.has(name)
}
