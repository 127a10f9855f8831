/** What the form keeps while a visitor logs in (spec/transfers.md §4). Files stay in the upload queue meanwhile. */
export interface SavedTransferForm {
  recipients: string[]
  /** The single email field, or the unfinished text of the recipients input. */
  recipientInput: string
  title: string
  message: string
}

export const savedFormKey = 'ferry.transferForm'

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function sessionStore(): KeyValueStorage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

export function saveTransferForm(form: SavedTransferForm, storage = sessionStore()): void {
  try {
    storage?.setItem(savedFormKey, JSON.stringify(form))
  } catch {
    // Storage full or blocked: the form simply is not restored.
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The saved form, removed from storage so it is restored once; null when there is none or it is unreadable. */
export function takeSavedTransferForm(storage = sessionStore()): SavedTransferForm | null {
  let raw: string | null = null
  try {
    raw = storage?.getItem(savedFormKey) ?? null
    storage?.removeItem(savedFormKey)
  } catch {
    return null
  }
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>
    return {
      recipients: strings(parsed.recipients),
      recipientInput: text(parsed.recipientInput),
      title: text(parsed.title),
      message: text(parsed.message),
    }
  } catch {
    return null
  }
}
