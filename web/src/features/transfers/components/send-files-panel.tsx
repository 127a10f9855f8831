import { Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import type { TransferFormLimits, UpgradeComparison } from '../form-types.js'
import type { TransferFormState } from '../hooks/use-transfer-form.js'
import { TransferForm } from './transfer-form.js'

export interface SendFilesPanelProps {
  upgradeTo: string
  /** The inline file picker (features/uploads), composed in by the page. */
  picker: ReactNode
  /** useTransferForm's state, kept by the page so it outlives a switch of tabs. */
  form: TransferFormState
  limits: TransferFormLimits
  /** False while the plan's limits load. */
  limitsKnown: boolean
  isAuthenticated: boolean
  comparison: UpgradeComparison
  /** The yellow 'Plan Configuration' alert (features/plans), when plan loading has problems. */
  planNotice?: ReactNode
}

/** The Send files tab (spec/transfers.md §1–2): the inline file picker, then the transfer form. */
export function SendFilesPanel({ picker, ...form }: SendFilesPanelProps) {
  return (
    <Stack gap="lg">
      {picker}
      <TransferForm {...form} />
    </Stack>
  )
}
