/**
 * What the transfer form needs from the upload queue (features/uploads' UploadQueue fits): the
 * page passes the queue in, so this feature does not import that one.
 */
export interface TransferFormFiles {
  items: readonly unknown[]
  totalBytes: number
  /** 0 to 1 over every listed byte. */
  progress: number
  allDone: boolean
  isUploading: boolean
  isPaused: boolean
  errorCount: number
  completed: readonly { file_key: string; file_name: string; file_size: number }[]
  clear(): void
  resumeAll(): void
}

/** The plan limits the form applies (features/plans' FormPlanLimits fits). */
export interface TransferFormLimits {
  maxTransferBytes: number | null
  maxRecipients: number
  /** The longest expiry the send form offers, in hours; null: the unlimited plans' bound. */
  maxExpiryHours: number | null
  planRole: 'FREE' | 'PREMIUM'
}

/** One side of the upgrade modal's comparison (features/plans' PlanTerms fits). */
export interface UpgradeTerms {
  id: string | null
  name: string
  maxExpiryHours: number | null
  recoveryGraceHours: number
  maxRecipients: number
}

export interface UpgradeComparison {
  free: UpgradeTerms
  pro: UpgradeTerms
}
