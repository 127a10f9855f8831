import type { CommentAnchor } from '@ferry/contracts/api/comments'
import type { ShareFile } from '@ferry/contracts/api/transfers'
import { createContext, type ReactNode, useContext } from 'react'

/**
 * A place inside a file that the viewer can show and report: the review comments' anchor
 * (contracts/src/api/comments.ts, issue 19 item 2), so a comment's anchor is passed as it is:
 * - `page`: a PDF page, counted from 1;
 * - `time`: a video or audio position in seconds;
 * - `region`: a rectangle of an image, `x`, `y`, `w`, `h` normalised (0–1 of its width and
 *   height, from its top-left corner), the same for every rendition of the image.
 */
export type ViewerAnchor = CommentAnchor

/**
 * What the share page's viewer tells the components it hosts (a side panel such as review
 * comments). Read it with `useViewer()` from anything rendered in the viewer's `sidePanel`:
 *
 * - `file` / `fileId`: the file on screen (it changes as the person goes to the previous or next file);
 * - `anchor`: where in it they are looking now: the PDF page shown, the media's current time, the
 *   part of the image on screen when zoomed in (null when the whole image shows, and until the
 *   file is ready);
 * - `seek(anchor)`: shows that place (goes to the page, sets the time, zooms onto the region);
 *   an anchor of another kind than the file's is ignored;
 * - `open(fileId, anchor?)`: shows another file of the transfer, then seeks to the anchor once
 *   the file is ready.
 *
 * ```tsx
 * function CommentsPanel() {
 *   const viewer = useViewer()
 *   return <button onClick={() => viewer.seek({ kind: 'page', page: 3 })}>Page 3 ({viewer.fileId})</button>
 * }
 * <ShareView uniqueId={id} trackingId={t} homeTo="/" viewerSidePanel={<CommentsPanel />} />
 * ```
 *
 * Keys typed into the side panel's fields stay theirs: the viewer's ←/→ shortcuts ignore events
 * from text fields.
 */
export interface ViewerContextValue {
  file: ShareFile
  fileId: string
  anchor: ViewerAnchor | null
  seek(anchor: ViewerAnchor): void
  open(fileId: string, anchor?: ViewerAnchor): void
}

export const ViewerContext = createContext<ViewerContextValue | null>(null)

/** The viewer's context; throws outside a viewer (a side panel is only rendered inside one). */
export function useViewer(): ViewerContextValue {
  const value = useContext(ViewerContext)
  if (!value) throw new Error('useViewer() is only available inside the share page viewer')
  return value
}

/** A side panel of the viewer: an element, rendered beside the file inside `ViewerContext`. */
export type ViewerSidePanel = ReactNode

/**
 * What a file's stage (the part that shows an image, a PDF, media or text) gives the viewer:
 * it reports where the person is (`onAnchor`) and, once it can, how to go somewhere (`onSeekReady`).
 */
export interface StageBridge {
  onAnchor(anchor: ViewerAnchor | null): void
  /** Called when the stage can seek (its file loaded), with the function that does it; null when it no longer can. */
  onSeekReady(seek: ((anchor: ViewerAnchor) => void) | null): void
}

/** What every stage is given: a file that has a preview, and the bridge to the viewer. */
export interface StageProps {
  file: ShareFile & { preview_url: string }
  bridge: StageBridge
}
