import type { SendAsLinkRequest } from '@ferry/contracts/api/rooms'
import type { PickedFile, UploadEngine } from '../../uploads/index.js'
import type { FileToSend } from './peer-transfer.js'

/** What sending an offer as a stored transfer needs: the home page's upload engine, and the room's link route. */
export interface SendAsLinkDeps {
  engine: Pick<UploadEngine, 'addFiles' | 'subscribe' | 'getSnapshot' | 'destroy'>
  /** POST /api/transfers/{id}/link: creates the link transfer of these uploads and tells the recipient. */
  postLink(files: SendAsLinkRequest['files']): Promise<{ share_url: string }>
  /** 0 to 1 over the offer's bytes, as the upload moves. */
  onProgress?(progress: number): void
}

export class SendAsLinkError extends Error {
  constructor(
    readonly stage: 'upload' | 'post',
    override readonly cause: unknown,
  ) {
    super(`Sending as a link failed at ${stage}`)
  }
}

/**
 * "Send as a link instead" (issue 24 item 4): uploads the offer's files (folder paths kept) with the
 * home page's upload engine, then has the server create a link transfer of them (no recipient
 * emails; the plan's limits as for any transfer) and post its share link to the direct transfer's
 * recipient. Answers the share link; the engine is destroyed either way.
 */
export async function sendAsLink(files: readonly FileToSend[], deps: SendAsLinkDeps): Promise<string> {
  const { engine } = deps
  let stop = () => {}
  try {
    const uploaded = await new Promise<SendAsLinkRequest['files']>((resolve, reject) => {
      const check = () => {
        const snapshot = engine.getSnapshot()
        deps.onProgress?.(snapshot.progress)
        if (snapshot.allDone) resolve(snapshot.completed.map((file) => ({ ...file })))
        else if (snapshot.errorCount > 0 && !snapshot.isUploading) reject(new SendAsLinkError('upload', null))
      }
      stop = engine.subscribe(check)
      engine.addFiles(files.map(pickedFile))
      check()
    })
    stop()
    try {
      return (await deps.postLink(uploaded)).share_url
    } catch (error) {
      throw new SendAsLinkError('post', error)
    }
  } finally {
    stop()
    engine.destroy()
  }
}

/**
 * Whether a link a room event carries looks like a Ferry share link (http(s), /share/{id}, nothing
 * else). The server builds it from Ferry's own address; the page checks again before it shows one.
 */
export function isShareLink(url: string): boolean {
  try {
    const parsed = new URL(url)
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      parsed.username === '' &&
      parsed.password === '' &&
      /^\/share\/[A-Za-z0-9_-]+$/.test(parsed.pathname) &&
      parsed.search === '' &&
      parsed.hash === ''
    )
  } catch {
    return false
  }
}

/** An offered file as the upload engine takes it: a File named as offered, its folder path kept. */
export function pickedFile({ name, file }: FileToSend): PickedFile {
  const base = name.split('/').pop() || name
  const asFile = file instanceof File && file.name === base ? file : new File([file], base, { type: file.type })
  return { file: asFile, relativePath: name.includes('/') ? name : undefined }
}
