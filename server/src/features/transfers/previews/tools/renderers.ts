import { mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import type { PreviewTools } from './preview-tools.js'
import { runTool, ToolFailedError } from './run-tool.js'

/** The environment tools get: nothing of Ferry's (no secrets, no proxy settings), a home of their own. */
const toolEnv = (home: string) => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8' })

/** A command run in a new user and network namespace when unshare can make one, else as it is. */
const withoutNetwork = (tools: Pick<PreviewTools, 'unshare'>, command: string, args: string[]) =>
  tools.unshare ? { command: tools.unshare, args: ['-rn', command, ...args] } : { command, args }

/**
 * Page 1 of a PDF as a PNG whose longer side is `longSidePx` (poppler's pdftoppm), with no
 * network. Rejects with ToolFailedError on a file poppler cannot read or past the time limit.
 */
export async function renderPdfFirstPage(
  tools: Pick<PreviewTools, 'pdftoppm' | 'unshare'>,
  pdfFile: string,
  options: { longSidePx: number; timeoutMs: number },
): Promise<Buffer> {
  if (!tools.pdftoppm) throw new Error('pdftoppm is not installed')
  const run = withoutNetwork(tools, tools.pdftoppm, [
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    '-png',
    '-scale-to',
    String(options.longSidePx),
    pdfFile,
  ])
  // No output root: the page comes on standard output.
  const png = await runTool(run.command, run.args, {
    timeoutMs: options.timeoutMs,
    env: toolEnv(path.dirname(pdfFile)),
    name: 'pdftoppm',
  })
  if (png.length === 0) throw new ToolFailedError('pdftoppm', 'exit', 'no page rendered')
  return png
}

/**
 * Pages 1..maxPages of a PDF as PNG files `widthPx` wide (height following each page), written
 * into `outDir` by pdftoppm with no network; resolves with their paths in page order. For the
 * data room's clean rasters (issue 19 item 3). Rejects with ToolFailedError as above.
 */
export async function renderPdfPages(
  tools: Pick<PreviewTools, 'pdftoppm' | 'unshare'>,
  pdfFile: string,
  outDir: string,
  options: { widthPx: number; maxPages: number; timeoutMs: number },
): Promise<string[]> {
  if (!tools.pdftoppm) throw new Error('pdftoppm is not installed')
  await mkdir(outDir, { recursive: true })
  const run = withoutNetwork(tools, tools.pdftoppm, [
    '-f',
    '1',
    '-l',
    String(options.maxPages),
    '-png',
    '-scale-to-x',
    String(options.widthPx),
    '-scale-to-y',
    '-1',
    pdfFile,
    path.join(outDir, 'page'),
  ])
  await runTool(run.command, run.args, {
    timeoutMs: options.timeoutMs,
    env: toolEnv(path.dirname(pdfFile)),
    name: 'pdftoppm',
  })
  // page-1.png … or page-001.png: zero-padded to the page count's digits, so the names sort.
  const pages = (await readdir(outDir)).filter((name) => /^page-\d+\.png$/.test(name)).sort()
  if (pages.length === 0) throw new ToolFailedError('pdftoppm', 'exit', 'no page rendered')
  return pages.map((name) => path.join(outDir, name))
}

/** ffmpeg's demuxer for each video type Ferry detects, so a file is never probed as a playlist. */
const demuxers: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/x-m4v': 'mov',
  'video/3gpp': 'mov',
  'video/3gpp2': 'mov',
  'video/webm': 'matroska',
  'video/x-matroska': 'matroska',
  'video/matroska': 'matroska',
  'video/x-msvideo': 'avi',
  'video/vnd.avi': 'avi',
  'video/mpeg': 'mpeg',
  'video/mp2t': 'mpegts',
  'video/ogg': 'ogg',
  'video/x-flv': 'flv',
}

/** Whether ffmpeg is asked to make a poster of this type. */
export const hasPosterFrame = (mediaType: string) => mediaType in demuxers

/**
 * One frame of a video as a PNG that fits in `longSidePx`, read by ffmpeg from `url` (ranges
 * only, so a 1 GiB file is not copied): the frame at 1 s, or the first one of a shorter video.
 * The demuxer is fixed by the detected type and only HTTP(S) may be opened, so a file that is
 * really a playlist cannot make ffmpeg fetch other addresses or read local files.
 */
export async function videoPosterFrame(
  ffmpeg: string,
  url: string,
  mediaType: string,
  options: { longSidePx: number; timeoutMs: number },
): Promise<Buffer> {
  const demuxer = demuxers[mediaType]
  if (!demuxer) throw new Error(`No demuxer for ${mediaType}`)
  const px = options.longSidePx
  const frameAt = async (seconds: number) =>
    runTool(
      ffmpeg,
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-protocol_whitelist',
        'http,https,tcp,tls',
        ...(seconds > 0 ? ['-ss', String(seconds)] : []),
        '-f',
        demuxer,
        '-i',
        url,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-vf',
        `scale='min(${px},iw)':'min(${px},ih)':force_original_aspect_ratio=decrease`,
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      { timeoutMs: options.timeoutMs, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
    )
  const poster = await frameAt(1)
  if (poster.length > 0) return poster
  // Shorter than a second: its first frame.
  const first = await frameAt(0)
  if (first.length > 0) return first
  throw new ToolFailedError('ffmpeg', 'exit', 'no video frame decoded')
}

/**
 * An office document converted to PDF by LibreOffice headless, sandboxed: a throwaway profile
 * in the scratch folder (-env:UserInstallation), no network (a new network namespace when
 * unshare can make one), nothing of Ferry's environment, and killed with everything it started
 * past the time limit. Resolves with the PDF's path inside `outDir`.
 */
export async function officeToPdf(
  tools: Pick<PreviewTools, 'soffice' | 'unshare'>,
  inputFile: string,
  scratchDir: string,
  options: { timeoutMs: number },
): Promise<string> {
  const { soffice, unshare } = tools
  if (!soffice) throw new Error('LibreOffice is not installed')
  try {
    return await convertOnce({ soffice, unshare }, inputFile, scratchDir, 1, options)
  } catch (error) {
    // Once more with a new profile when LibreOffice exited without a PDF: the first CI run on a
    // fresh machine saw a document that converts in every other run get none (2026-12-06, not
    // reproduced since). A document it cannot read fails twice; a timeout is not tried again.
    if (!(error instanceof ToolFailedError) || error.reason === 'timeout') throw error
    return convertOnce({ soffice, unshare }, inputFile, scratchDir, 2, options)
  }
}

async function convertOnce(
  tools: Pick<PreviewTools, 'unshare'> & { soffice: string },
  inputFile: string,
  scratchDir: string,
  attempt: number,
  options: { timeoutMs: number },
): Promise<string> {
  const outDir = path.join(scratchDir, `pdf-${attempt}`)
  const profile = path.join(scratchDir, `profile-${attempt}`)
  const run = withoutNetwork(tools, tools.soffice, [
    '--headless',
    '--norestore',
    '--nolockcheck',
    '--nodefault',
    '--nologo',
    `-env:UserInstallation=file://${profile}`,
    '--convert-to',
    'pdf',
    '--outdir',
    outDir,
    inputFile,
  ])
  await runTool(run.command, run.args, {
    timeoutMs: options.timeoutMs,
    env: toolEnv(scratchDir),
    cwd: scratchDir,
    name: 'soffice',
  })
  // LibreOffice exits 0 even when it could not load the file; then it wrote nothing.
  const written = await readdir(outDir).catch(() => [] as string[])
  const pdf = written.find((name) => name.endsWith('.pdf'))
  if (!pdf) throw new ToolFailedError('soffice', 'exit', 'no PDF written (the document could not be read)')
  return path.join(outDir, pdf)
}
