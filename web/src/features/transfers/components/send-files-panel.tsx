import { Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import type { TransferFormLimits, UpgradeComparison } from '../form-types.js'
import type { TransferFormState } from '../hooks/use-transfer-form.js'
import { SendSuccess } from './send-success.js'
import { TransferForm, type TransferFormProps } from './transfer-form.js'

export interface SendFilesPanelProps {
  upgradeTo: string
  /** The transfer's page under My Transfers, for the success screen's 'View transfer'. */
  transferTo(id: string): string
  /** The inline file picker (features/uploads), composed in by the page. */
  picker: ReactNode
  /** useTransferForm's state, kept by the page so it outlives a switch of tabs. */
  form: TransferFormState
  limits: TransferFormLimits
  /** False while the plan's limits load. */
  limitsKnown: boolean
  /** The plan has password_protection: the form offers a password. */
  passwordInPlan?: boolean
  /** The plan has sftp_download: the form offers the SFTP login in the recipients' emails. */
  sftpInPlan?: boolean
  /** The plan has clean_data_room (null while unknown). */
  dataRoomInPlan?: boolean | null
  isAuthenticated: boolean
  comparison: UpgradeComparison
  /** The yellow 'Plan Configuration' alert (features/plans), when plan loading has problems. */
  planNotice?: ReactNode
  /** The organization's background choice (features/branding), for members whose plan has it. */
  backgroundChoice?: TransferFormProps['backgroundChoice']
}

/** The Send files tab (spec/transfers.md §1–2): the inline file picker, then the transfer form; once sent, the success screen. */
export function SendFilesPanel({ picker, transferTo, ...form }: SendFilesPanelProps) {
  const sent = form.form.sent
  if (sent) return <SendSuccess sent={sent} onSendAnother={form.form.sendAnother} transferTo={transferTo} />
  return (
    <Stack gap="lg">
      {picker}
      <TransferForm {...form} />
    </Stack>
  )
}
