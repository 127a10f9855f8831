import type { RequestInfo } from '@ferry/contracts/api/request-links'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { requestLinksApi } from '../api/request-links-api.js'
import { guardrailProblems, hasProblems, type RequestUploadFiles } from '../request-guardrails.js'
import { type RequestLinkMessage, requestUploadFailure } from '../request-link-errors.js'

/** ready → waiting for the uploads still moving → posting the records → done (spec/transfers.md §4). */
export type RequestUploadPhase = 'ready' | 'uploading' | 'posting' | 'done'

export interface SenderFieldErrors {
  name?: boolean
  email?: boolean
}

export interface UseRequestUploadOptions {
  requestId: string
  info: RequestInfo
  files: RequestUploadFiles
}

/**
 * The upload page's form (spec/transfers.md §4): on Upload it waits for every file, posts the stored ones with
 * who sent them, then shows the done screen. The link stays open for others (a single-upload link
 * is closed by the server with its upload; issue 17).
 */
export function useRequestUpload({ requestId, info, files }: UseRequestUploadOptions) {
  const [phase, setPhase] = useState<RequestUploadPhase>('ready')
  const [failure, setFailure] = useState<RequestLinkMessage | null>(null)
  const [senderName, setSenderName] = useState('')
  const [senderEmail, setSenderEmail] = useState('')
  const [fieldErrors, setFieldErrors] = useState<SenderFieldErrors>({})
  const waiting = useRef(false)
  const post = useMutation({
    mutationFn: () =>
      requestLinksApi.upload(requestId, {
        files: files.completed.map((file) => ({ ...file })),
        sender_name: senderName.trim() || null,
        sender_email: senderEmail.trim() || null,
      }),
  })

  const problems = guardrailProblems(info, files)
  const busy = phase === 'uploading' || phase === 'posting'
  const canUpload = !busy && files.totalBytes > 0 && !hasProblems(problems)

  const upload = () => {
    if (!canUpload) return
    const errors: SenderFieldErrors = {
      name: info.require_sender === 'name' && !senderName.trim(),
      email: info.require_sender === 'email' && !senderEmail.trim(),
    }
    setFieldErrors(errors)
    if (errors.name || errors.email) return
    setFailure(null)
    if (files.isPaused) files.resumeAll()
    waiting.current = true
    setPhase('uploading')
  }

  useEffect(() => {
    if (phase !== 'uploading' || !waiting.current) return
    if (!files.allDone) {
      if (files.isUploading || files.isPaused || files.errorCount === 0) return
      waiting.current = false
      setPhase('ready')
      setFailure({ key: files.completed.length === 0 ? 'serverErrors.request_no_files' : 'upload.errors.someFailed' })
      return
    }
    waiting.current = false
    setPhase('posting')
    post.mutate(undefined, {
      onSuccess: () => setPhase('done'),
      onError: (error) => {
        setFailure(requestUploadFailure(error))
        setPhase('ready')
      },
    })
  })

  return {
    phase,
    busy,
    canUpload,
    problems,
    upload,
    failure,
    dismissFailure: () => setFailure(null),
    senderName,
    setSenderName: (value: string) => {
      setSenderName(value)
      setFieldErrors((errors) => ({ ...errors, name: false }))
    },
    senderEmail,
    setSenderEmail: (value: string) => {
      setSenderEmail(value)
      setFieldErrors((errors) => ({ ...errors, email: false }))
    },
    fieldErrors,
  }
}

export type RequestUploadState = ReturnType<typeof useRequestUpload>
