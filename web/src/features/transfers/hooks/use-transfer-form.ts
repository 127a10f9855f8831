import {
  recipientProblem,
  splitRecipientInput,
  type TransferAccess,
  transferPasswordMinLength,
} from '@ferry/contracts/api/transfers'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-error.js'
import { useSenderConfirmationStatus, useSendSenderCode } from '../api/sender-confirmation-api.js'
import { useCreateTransfer } from '../api/transfer-queries.js'
import type { TransferFormFiles, TransferFormLimits } from '../form-types.js'
import { addRecipients, type RecipientEntryProblem, splitTyping } from '../recipients.js'
import { type SavedTransferForm, saveTransferForm, takeSavedTransferForm } from '../saved-form.js'
import {
  isOverLimit,
  type SendButtonState,
  type SendPhase,
  sendButtonState,
  sendProgressPercent,
} from '../send-state.js'
import { createTransferFailure, type FeatureMessage } from '../transfer-errors.js'

/** A recipient problem as the form shows it; `required` is the send-time 'Please enter a recipient email'. */
export type RecipientFieldProblem = RecipientEntryProblem | { code: 'required' }

export interface UseTransferFormOptions {
  files: TransferFormFiles
  limits: TransferFormLimits
  isAuthenticated: boolean
  /** Opens the login modal. */
  onLogin(): void
}

interface PendingSend {
  reminders: boolean
  maxDownloads: number | null
  burnAfterDownload: boolean
  /** The recipients' emails carry the transfer's SFTP login (plan flag sftp_download). */
  sftpInEmail: boolean
  /** Who may open it: anyone with the link, or only the recipients (each after an emailed code). */
  access: TransferAccess
  /** A clean data room (view-only watermarked pages), and whether a watermarked PDF may be downloaded. */
  cleanDataRoom: boolean
  dataRoomPdfDownload: boolean
  /** The organization's background recipients see, or null to rotate (issue 22 item 3). */
  backgroundId: string | null
  emails: string[]
  title: string
  message: string
  expiresInHours: number | null
  /** '' for none. Kept in memory only: never in the saved draft. */
  password: string
}

/** A transfer just sent, for the success screen. */
export interface SentTransfer {
  id: string
  sharingUrl: string
  expiresAt: string
  recipientCount: number
}

function toFieldProblem(problem: NonNullable<ReturnType<typeof recipientProblem>>): RecipientFieldProblem {
  switch (problem.code) {
    case 'recipient_required':
      return { code: 'required' }
    case 'recipient_invalid':
      return { code: 'invalid', value: problem.value }
    case 'recipient_duplicate':
      return { code: 'duplicate', value: problem.value }
    case 'recipients_too_many':
      return { code: 'too_many', n: problem.n }
  }
}

/**
 * The transfer form's state machine (spec/transfers.md §4): idle; a visitor's entries are saved and the login
 * modal opens (restored after login); over the limit the upgrade modal opens; otherwise it waits
 * for the uploads still in flight (real progress), creates the transfer and shows its link.
 */
export function useTransferForm({ files, limits, isAuthenticated, onLogin }: UseTransferFormOptions) {
  const { i18n } = useTranslation()
  const create = useCreateTransfer()
  const multiple = limits.maxRecipients > 1
  const [recipients, setRecipients] = useState<string[]>([])
  const [recipientInput, setInput] = useState('')
  const [recipientError, setRecipientError] = useState<RecipientFieldProblem | null>(null)
  const [title, setTitle] = useState('')
  const [message, setMessage] = useState('')
  const [phase, setPhase] = useState<SendPhase>('idle')
  const [sent, setSent] = useState<SentTransfer | null>(null)
  /** Hours chosen in the expiry field; null: the plan's maximum, which the server applies when none is sent. */
  const [expiresInHours, setExpiresInHours] = useState<number | null>(null)
  const [failure, setFailure] = useState<FeatureMessage | null>(null)
  /** The transfer's password ('' for none); never saved with the draft, never sent in a URL. */
  const [password, setPasswordValue] = useState('')
  const [passwordError, setPasswordError] = useState(false)
  /** One reminder to recipients who have not downloaded, a day before expiry (issue 18 item 6). */
  const [reminders, setReminders] = useState(true)
  /** Completed downloads allowed (1 to 100), null for no limit; and delete once every recipient downloaded (issue 18 item 2). */
  const [maxDownloads, setMaxDownloads] = useState<number | null>(null)
  const [burnAfterDownload, setBurnAfterDownload] = useState(false)
  const [sftpInEmail, setSftpInEmail] = useState(false)
  const [access, setAccess] = useState<TransferAccess>('link')
  const [cleanDataRoom, setCleanDataRoomValue] = useState(false)
  const [dataRoomPdfDownload, setDataRoomPdfDownload] = useState(false)
  const [backgroundId, setBackgroundId] = useState<string | null>(null)
  const [noFiles, setNoFiles] = useState(false)
  const [upgradeOpen, setUpgradeOpen] = useState(false)
  const pending = useRef<PendingSend | null>(null)
  // Verified senders (issue 18 item 7): while the code dialog is open the send waits; uploads go on.
  const senderStatus = useSenderConfirmationStatus(isAuthenticated)
  const askSenderCode = useSendSenderCode()
  const [confirming, setConfirming] = useState<{ codeSentAt: number } | null>(null)

  // Back from the login modal, or back on the tab: what was typed comes back. isAuthenticated is
  // a dependency on purpose: signing in is when a visitor's saved entries return.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const saved = takeSavedTransferForm()
    if (!saved) return
    setRecipients(saved.recipients)
    setInput(saved.recipientInput)
    setTitle(saved.title)
    setMessage(saved.message)
  }, [isAuthenticated])

  // Leaving the tab unmounts the form; a draft is kept for when it comes back.
  const draft = useRef<SavedTransferForm>({ recipients, recipientInput, title, message })
  draft.current = { recipients, recipientInput, title, message }
  useEffect(
    () => () => {
      const { recipients: list, recipientInput: input, title: text, message: note } = draft.current
      if (list.length > 0 || input.trim() || text.trim() || note.trim()) saveTransferForm(draft.current)
    },
    [],
  )

  // A plan of one recipient shows a single field: chips turn back into its text.
  useEffect(() => {
    if (multiple || recipients.length === 0) return
    setInput((input) => [...recipients, ...splitRecipientInput(input)].join(', '))
    setRecipients([])
  }, [multiple, recipients])

  const commit = useCallback(
    (text: string, explicit: boolean) => {
      const result = addRecipients(recipients, text, limits.maxRecipients, explicit)
      setRecipients(result.recipients)
      setRecipientError(result.problem)
      return result
    },
    [recipients, limits.maxRecipients],
  )

  /** Typing: in the chips input, a comma, semicolon or space adds what came before it. */
  const changeRecipientInput = useCallback(
    (value: string) => {
      if (!multiple) {
        setInput(value)
        setRecipientError(null)
        return
      }
      const { complete, partial } = splitTyping(value)
      if (!complete) {
        setInput(value)
        return
      }
      const result = commit(complete, false)
      setInput(result.remaining ? `${result.remaining}${partial ? ` ${partial}` : ''}` : partial)
    },
    [multiple, commit],
  )

  /** Enter, blur or paste in the chips input. */
  const commitRecipientInput = useCallback(
    (extra = '', explicit = false) => {
      const result = commit(`${recipientInput} ${extra}`, explicit)
      setInput(result.remaining)
    },
    [commit, recipientInput],
  )

  const removeRecipient = useCallback((email: string) => {
    setRecipients((list) => list.filter((item) => item !== email))
    setRecipientError(null)
  }, [])

  const hasFiles = files.totalBytes > 0
  const hasRecipient = recipients.length > 0 || recipientInput.trim() !== ''
  const overLimit = isOverLimit(files.totalBytes, limits.maxTransferBytes)
  const busy = phase !== 'idle'
  const buttonState: SendButtonState = sendButtonState({
    busy,
    isAuthenticated,
    overLimit,
    totalBytes: files.totalBytes,
    hasRecipient,
  })

  const reset = () => {
    setRecipients([])
    setInput('')
    setTitle('')
    setMessage('')
    setRecipientError(null)
    setPasswordValue('')
    setPasswordError(false)
    setMaxDownloads(null)
    setBurnAfterDownload(false)
    setSftpInEmail(false)
    setAccess('link')
    setCleanDataRoomValue(false)
    setDataRoomPdfDownload(false)
    setBackgroundId(null)
  }

  const send = () => {
    if (busy) return
    if (!isAuthenticated) {
      saveTransferForm({ recipients, recipientInput, title, message })
      onLogin()
      return
    }
    if (overLimit) {
      setUpgradeOpen(true)
      return
    }
    setFailure(null)
    setSent(null)
    if (files.items.length === 0 || !hasFiles) {
      setNoFiles(true)
      return
    }
    setNoFiles(false)

    let emails: string[]
    if (multiple) {
      const result = addRecipients(recipients, recipientInput, limits.maxRecipients)
      setRecipients(result.recipients)
      setInput(result.remaining)
      if (result.problem) return setRecipientError(result.problem)
      emails = result.recipients
    } else {
      emails = splitRecipientInput(recipientInput)
    }
    const problem = recipientProblem(emails, limits.maxRecipients)
    if (problem) return setRecipientError(toFieldProblem(problem))
    setRecipientError(null)
    if (password !== '' && password.length < transferPasswordMinLength) return setPasswordError(true)

    const maxHours = limits.maxExpiryHours
    const hours = expiresInHours !== null && (maxHours === null || expiresInHours <= maxHours) ? expiresInHours : null
    pending.current = {
      emails,
      title: title.trim(),
      message,
      expiresInHours: hours,
      password,
      reminders,
      maxDownloads,
      burnAfterDownload,
      sftpInEmail,
      access,
      cleanDataRoom,
      dataRoomPdfDownload,
      backgroundId,
    }
    if (files.isPaused) files.resumeAll()
    setPhase('uploading')
    if (senderStatus.data?.required) {
      // Asked now, so the sender types the code while the files upload. A refusal as too soon
      // means one was emailed moments ago: the dialog is for that one.
      askSenderCode.mutate(undefined, { onError: () => undefined })
      setConfirming({ codeSentAt: Date.now() })
    }
  }

  // Sending waits for uploads still in flight, then creates the transfer from the stored files.
  useEffect(() => {
    if (phase !== 'uploading') return
    const payload = pending.current
    if (!payload) return
    if (files.items.length === 0) {
      setPhase('idle')
      setNoFiles(true)
      return
    }
    if (!files.allDone) {
      if (!files.isUploading && !files.isPaused && files.errorCount > 0) {
        setPhase('idle')
        setFailure({ key: 'create.failed.uploads' })
      }
      return
    }
    if (confirming) return
    pending.current = null
    setPhase('creating')
    create.mutate(
      {
        files: files.completed.map((file) => ({ ...file })),
        recipient_emails: payload.emails,
        recipient_email: payload.emails[0] ?? '',
        title: payload.title,
        message: payload.message,
        reminders: payload.reminders,
        max_downloads: payload.maxDownloads,
        burn_after_download: payload.burnAfterDownload,
        ...(payload.sftpInEmail ? { sftp_in_email: true } : {}),
        ...(payload.access !== 'link' ? { access: payload.access } : {}),
        ...(payload.cleanDataRoom
          ? { clean_data_room: true, data_room_pdf_download: payload.dataRoomPdfDownload }
          : {}),
        ...(payload.expiresInHours !== null ? { expires_in_hours: payload.expiresInHours } : {}),
        ...(payload.backgroundId !== null ? { background_id: payload.backgroundId } : {}),
        ...(payload.password !== '' ? { password: payload.password } : {}),
      },
      {
        onSuccess: (response) => {
          files.clear()
          reset()
          setSent({
            id: response.id,
            sharingUrl: response.sharing_url,
            expiresAt: String(response.expires_at),
            recipientCount: payload.emails.length,
          })
          setPhase('idle')
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'sender_confirmation_required') {
            // The server emailed a code: once confirmed, the same files are sent.
            pending.current = payload
            setConfirming({ codeSentAt: Date.now() })
            setPhase('uploading')
            void senderStatus.refetch()
            return
          }
          setFailure(createTransferFailure(error, (code) => i18n.exists(code, { ns: 'errors' })))
          setPhase('idle')
        },
      },
    )
  })

  return {
    multiple,
    recipients,
    recipientInput,
    recipientError,
    changeRecipientInput,
    commitRecipientInput,
    removeRecipient,
    title,
    setTitle,
    message,
    setMessage,
    phase,
    progressPercent: sendProgressPercent(phase, files.progress),
    buttonState,
    overLimit,
    hasFiles,
    hasRecipient,
    noFiles: noFiles && !hasFiles,
    send,
    upgradeOpen,
    closeUpgrade: () => setUpgradeOpen(false),
    expiresInHours,
    setExpiresInHours,
    password,
    setPassword: (value: string) => {
      setPasswordValue(value)
      setPasswordError(false)
    },
    /** The password typed is shorter than the contract allows (shown at send time). */
    passwordError,
    reminders,
    setReminders,
    maxDownloads,
    setMaxDownloads,
    burnAfterDownload,
    setBurnAfterDownload,
    sftpInEmail,
    setSftpInEmail,
    backgroundId,
    setBackgroundId,
    access,
    /** A data room is open to its recipients only: the access stays 'recipients' while it is on. */
    setAccess: (value: TransferAccess) => setAccess(cleanDataRoom ? 'recipients' : value),
    cleanDataRoom,
    /** Turning the data room on makes the transfer recipients-only (issue 19 item 3). */
    setCleanDataRoom: (on: boolean) => {
      setCleanDataRoomValue(on)
      if (on) setAccess('recipients')
      else setDataRoomPdfDownload(false)
    },
    dataRoomPdfDownload,
    setDataRoomPdfDownload,
    /** The transfer just sent: the panel shows its success screen instead of the form. */
    sent,
    /** 'Send another': back to an empty form. */
    sendAnother: () => setSent(null),
    failure,
    dismissFailure: () => setFailure(null),
    /** The code dialog of a sender who must still confirm this browser. */
    senderConfirm: {
      opened: confirming !== null,
      email: senderStatus.data?.email ?? '',
      codeSentAt: confirming?.codeSentAt ?? 0,
      onConfirmed: () => setConfirming(null),
      onCancel: () => {
        setConfirming(null)
        pending.current = null
        setPhase('idle')
      },
    },
  }
}

export type TransferFormState = ReturnType<typeof useTransferForm>
