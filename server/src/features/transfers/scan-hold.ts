import { AppError } from '../../errors.js'

/**
 * Every byte path (a download, the ZIP, a preview, a data-room page, a sender's link) refuses a
 * transfer the virus scan holds (issue 24 item 7, docs/decisions/0039): while a file waits for the
 * scanner, 409 transfer_being_scanned for all but the sender (who uploaded those bytes); once a file
 * is infected, 403 transfer_frozen for everyone, the sender included, until an admin releases it.
 */
export function assertNotHeld(transfer: { scanHold: string | null }, isSender: boolean): void {
  if (transfer.scanHold === 'frozen') throw new AppError('transfer_frozen', 403)
  if (transfer.scanHold === 'scanning' && !isSender) throw new AppError('transfer_being_scanned', 409)
}
