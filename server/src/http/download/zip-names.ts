// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to drop them
const controlCharacters = /[\u0000-\u001f\u007f]/g
/** Text-direction controls, so a name cannot show as another (security review L-8). */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
/** A Windows drive at the start of a path (`C:` of `C:\Windows`, or a drive-relative `C:x.txt`). */
const driveLetter = /^\/*[A-Za-z]:/

/**
 * A safe path inside the archive: forward slashes, no empty, `.` or `..` segments and no drive
 * letter (so extracting cannot escape the target folder, security review L-9), no `:` (an
 * alternate data stream on Windows), no control or text-direction characters.
 */
export function zipEntryName(fileName: string): string {
  const segments = fileName
    .replace(controlCharacters, '')
    .replace(bidiControls, '')
    .replaceAll('\\', '/')
    .replace(driveLetter, '')
    .split('/')
    .map((s) => s.replaceAll(':', '_').trim())
    .filter((s) => s !== '' && s !== '.' && s !== '..')
  return segments.join('/') || 'file'
}

/** Entry names made unique (case-insensitively, as on Windows and macOS): `a.txt`, `a (2).txt`. */
export function uniqueEntryNames(fileNames: readonly string[]): string[] {
  const taken = new Set<string>()
  return fileNames.map((fileName) => {
    const name = zipEntryName(fileName)
    let candidate = name
    const dot = name.lastIndexOf('.')
    const slash = name.lastIndexOf('/')
    const hasExt = dot > slash + 1
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      candidate = hasExt ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
    }
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

/** The download name of a transfer's ZIP: its title made safe as a file name, or a default. */
export function zipFileName(title: string): string {
  const base = title
    .replace(controlCharacters, '')
    .replace(/[/\\:*?"<>|]+/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim()
  return `${base || 'ferry-transfer'}.zip`
}
