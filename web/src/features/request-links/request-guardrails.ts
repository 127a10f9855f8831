import { type RequestInfo, typeAllowed } from '@ferry/contracts/api/request-links'

/**
 * What the upload page needs from the upload queue (features/uploads' UploadQueue fits): the page
 * passes the queue in, so this feature does not import that one.
 */
export interface RequestUploadFiles {
  items: readonly { name: string; type: string }[]
  totalBytes: number
  allDone: boolean
  isUploading: boolean
  isPaused: boolean
  errorCount: number
  completed: readonly { file_key: string; file_name: string; file_size: number }[]
  resumeAll(): void
}

/** Where the picked files break a link's guardrails, before anything is posted. */
export interface GuardrailProblems {
  /** Files more than the link still accepts: the most it accepts now. */
  tooManyFiles: number | null
  /** Bytes over what the link (or the requester's plan) still accepts: that most. */
  tooLarge: number | null
  /** Names of files of a type the link does not accept. */
  notAllowed: string[]
}

export function guardrailProblems(info: RequestInfo, files: Pick<RequestUploadFiles, 'items' | 'totalBytes'>) {
  const filesLeft = info.max_files === null ? null : Math.max(0, info.max_files - info.files_received)
  return {
    tooManyFiles: filesLeft !== null && files.items.length > filesLeft ? filesLeft : null,
    tooLarge: info.max_upload_bytes !== null && files.totalBytes > info.max_upload_bytes ? info.max_upload_bytes : null,
    notAllowed: files.items.filter((item) => !typeAllowed(info.allowed_types, item.name, item.type)).map((i) => i.name),
  } satisfies GuardrailProblems
}

export const hasProblems = (problems: GuardrailProblems) =>
  problems.tooManyFiles !== null || problems.tooLarge !== null || problems.notAllowed.length > 0
