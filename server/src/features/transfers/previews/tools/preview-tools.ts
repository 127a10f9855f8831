import { findExecutable, runTool } from './run-tool.js'

/**
 * The programs previews beyond images use, each null when not installed (that kind of file then
 * gets no thumbnail): poppler's pdftoppm for PDFs, ffmpeg for video, LibreOffice for office
 * documents, and util-linux's unshare to run LibreOffice without a network.
 */
export interface PreviewTools {
  pdftoppm: string | null
  ffmpeg: string | null
  soffice: string | null
  /** unshare, when it can make a user and network namespace here (not in every container). */
  unshare: string | null
}

async function usableUnshare(): Promise<string | null> {
  const unshare = await findExecutable('unshare')
  if (!unshare) return null
  try {
    await runTool(unshare, ['-rn', 'true'], { timeoutMs: 5_000 })
    return unshare
  } catch {
    return null
  }
}

let found: Promise<PreviewTools> | undefined

/** What is installed on this machine, looked up once per process. */
export function findPreviewTools(): Promise<PreviewTools> {
  found ??= (async () => ({
    pdftoppm: await findExecutable('pdftoppm'),
    ffmpeg: await findExecutable('ffmpeg'),
    soffice: (await findExecutable('soffice')) ?? (await findExecutable('libreoffice')),
    unshare: await usableUnshare(),
  }))()
  return found
}
