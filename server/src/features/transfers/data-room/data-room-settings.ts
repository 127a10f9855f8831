import type { Plan } from '@ferry/contracts/api/plans'
import type { TransferAccess } from '@ferry/contracts/api/transfers'
import { AppError } from '../../../errors.js'

/** The one check of the data room's plan flag (max_document_features.clean_data_room of the sender). */
export function requireDataRoomPlan(plan: Pick<Plan, 'max_document_features'>): void {
  if (!plan.max_document_features.clean_data_room) throw new AppError('plan_feature_missing', 403)
}

/** For a change that turns nothing on: no plan needs reading. */
export const noDataRoomPlan = { max_document_features: { preview: false, comments: false, clean_data_room: false } }

export const dataRoomNeedsRecipients = () => new AppError('data_room_needs_recipients', 422)

/** What a create or an edit asks of the data room, and what the transfer is now. */
export interface DataRoomChange {
  /** Given on the request (undefined: unchanged / default). */
  cleanDataRoom?: boolean
  pdfDownload?: boolean
  access?: TransferAccess
  /** Recipients the transfer will have after the request. */
  recipientCount: number
  current?: { cleanDataRoom: boolean; access: string }
}

/**
 * The data room's rules on create and PATCH (issue 19 item 3): the plan flag to turn it (or its
 * PDF download) on; only for its verified recipients, so access becomes 'recipients' when not
 * given, and 'link' or no recipient is refused with 422 data_room_needs_recipients. Answers the
 * access the transfer gets (undefined: unchanged).
 */
export function dataRoomAccess(plan: Pick<Plan, 'max_document_features'>, change: DataRoomChange) {
  if (change.cleanDataRoom || change.pdfDownload) requireDataRoomPlan(plan)
  const room = change.cleanDataRoom ?? change.current?.cleanDataRoom ?? false
  if (!room) return change.access
  const access = change.access ?? (change.cleanDataRoom ? 'recipients' : undefined)
  if ((access ?? change.current?.access) === 'link') throw dataRoomNeedsRecipients()
  if (change.recipientCount === 0) throw dataRoomNeedsRecipients()
  return access
}

/**
 * Every byte path (a download, the ZIP, a preview or thumbnail, SFTP, the CLI) refuses anyone but
 * the sender of a data room with 403 data_room_view_only: its original bytes never reach a viewer.
 */
export function assertNotDataRoom(transfer: { cleanDataRoom: boolean }, isSender: boolean): void {
  if (transfer.cleanDataRoom && !isSender) throw new AppError('data_room_view_only', 403)
}
