/** How the viewer shows a text file, chosen by its name (the server serves every text as text/plain). */
export type TextFormat =
  | { kind: 'markdown' }
  | { kind: 'csv'; delimiter: ',' | '\t' | ';' | undefined }
  | { kind: 'json' }
  | { kind: 'code'; language: CodeLanguage }
  | { kind: 'plain' }

/** The highlight.js languages the viewer registers (text-stage.tsx), by their highlight.js names. */
export const codeLanguages = [
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'diff',
  'dockerfile',
  'go',
  'ini',
  'java',
  'javascript',
  'json',
  'kotlin',
  'makefile',
  'php',
  'python',
  'ruby',
  'rust',
  'scss',
  'sql',
  'swift',
  'typescript',
  'xml',
  'yaml',
] as const
export type CodeLanguage = (typeof codeLanguages)[number]

const byExtension: Record<string, CodeLanguage> = {
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  css: 'css',
  diff: 'diff',
  patch: 'diff',
  go: 'go',
  ini: 'ini',
  cfg: 'ini',
  conf: 'ini',
  toml: 'ini',
  properties: 'ini',
  java: 'java',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  kt: 'kotlin',
  kts: 'kotlin',
  php: 'php',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  scss: 'scss',
  sql: 'sql',
  swift: 'swift',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  html: 'xml',
  htm: 'xml',
  xhtml: 'xml',
  xml: 'xml',
  svg: 'xml',
  yml: 'yaml',
  yaml: 'yaml',
}

const byName: Record<string, CodeLanguage> = { dockerfile: 'dockerfile', makefile: 'makefile' }

/** The format of a text file from its name: Markdown, CSV/TSV, JSON, code in a known language, else plain. */
export function textFormatOf(fileName: string): TextFormat {
  const base = fileName.split(/[\\/]/).pop()?.toLowerCase() ?? ''
  const named = byName[base]
  if (named) return { kind: 'code', language: named }
  const dot = base.lastIndexOf('.')
  const extension = dot > 0 ? base.slice(dot + 1) : ''
  if (extension === 'md' || extension === 'markdown') return { kind: 'markdown' }
  if (extension === 'csv') return { kind: 'csv', delimiter: undefined }
  if (extension === 'tsv' || extension === 'tab') return { kind: 'csv', delimiter: '\t' }
  if (extension === 'json' || extension === 'geojson' || extension === 'webmanifest') return { kind: 'json' }
  const language = byExtension[extension]
  return language ? { kind: 'code', language } : { kind: 'plain' }
}

/** The first MiB of a text file: what the viewer fetches and shows of it. */
export const textPreviewBytes = 1024 * 1024

/**
 * Text from the first bytes of a file: UTF-8, with a character cut by the end of the range
 * dropped rather than shown as garbage; `cut` when the file goes on beyond.
 */
export function decodeTextHead(bytes: Uint8Array, total: number): { text: string; cut: boolean } {
  const cut = total > bytes.byteLength
  // stream: true holds back an incomplete last character instead of replacing it.
  const text = new TextDecoder('utf-8').decode(bytes, { stream: cut })
  return { text: text.startsWith('\uFEFF') ? text.slice(1) : text, cut }
}

/** JSON pretty-printed with two spaces, or null when it does not parse (it may have been cut). */
export function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return null
  }
}
