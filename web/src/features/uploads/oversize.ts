import type { PickedFile } from './file-names.js'

export interface OversizeSplit {
  /** Files the plan can send. */
  accepted: PickedFile[]
  /** Files larger than one transfer may be: no upload of them could ever be sent. */
  refused: PickedFile[]
}

/**
 * Sorts picked files by the plan's per-transfer limit (null: none). A file over it is refused as
 * it is added (issue 17 item 4): uploading it would only end in the server's 413 and a Retry that
 * cannot work.
 */
export function splitOversize(files: readonly PickedFile[], maxFileBytes: number | null | undefined): OversizeSplit {
  if (maxFileBytes === null || maxFileBytes === undefined) return { accepted: [...files], refused: [] }
  const accepted: PickedFile[] = []
  const refused: PickedFile[] = []
  for (const picked of files) (picked.file.size > maxFileBytes ? refused : accepted).push(picked)
  return { accepted, refused }
}
