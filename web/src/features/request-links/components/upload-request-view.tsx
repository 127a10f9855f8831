import { requestIdParams, requestLinkStatus } from '@ferry/contracts/api/request-links'
import type { ReactNode } from 'react'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useRequestInfo } from '../api/request-link-queries.js'
import type { RequestUploadFiles } from '../request-guardrails.js'
import { requestLoadFailureState } from '../request-link-errors.js'
import { useMessageText } from './message-text.js'
import { UploadRequestForm } from './upload-request-form.js'
import {
  RequestClosed,
  RequestCompleted,
  RequestExpired,
  RequestNotFound,
  UploadRequestError,
  UploadRequestLoading,
} from './upload-request-states.js'

export interface UploadRequestViewProps {
  requestId: string | undefined
  files: RequestUploadFiles
  picker: ReactNode
  homeTo: string
}

/** The upload-request page (spec/transfers.md §2, §4): loading, error, not found, closed, completed, expired, or the form. */
export function UploadRequestView({ requestId, files, picker, homeTo }: UploadRequestViewProps) {
  const valid = requestIdParams.safeParse({ requestId }).success
  if (!requestId || !valid) return <RequestNotFound />
  return <LoadedRequest requestId={requestId} files={files} picker={picker} homeTo={homeTo} />
}

function LoadedRequest({ requestId, files, picker, homeTo }: UploadRequestViewProps & { requestId: string }) {
  const info = useRequestInfo(requestId)
  const formatDate = useFormatDate()
  const messageText = useMessageText()
  if (info.isPending) return <UploadRequestLoading />
  if (info.isError) {
    const failure = requestLoadFailureState(info.error)
    if (failure.kind === 'expired') return <RequestExpired date={formatDate(failure.expiresAt)} />
    return <UploadRequestError message={messageText(failure.message)} />
  }
  const status = requestLinkStatus(info.data, new Date())
  if (status === 'closed') return <RequestClosed />
  if (status === 'completed') return <RequestCompleted />
  if (status === 'expired') return <RequestExpired date={formatDate(info.data.expires_at)} />
  return <UploadRequestForm requestId={requestId} info={info.data} files={files} picker={picker} homeTo={homeTo} />
}
