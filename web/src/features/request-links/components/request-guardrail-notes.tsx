import type { RequestInfo } from '@ferry/contracts/api/request-links'
import { Alert, List, Text } from '@mantine/core'
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import type { GuardrailProblems } from '../request-guardrails.js'

/** What the link accepts, when the requester set guardrails (the server enforces them too). */
export function RequestGuardrailNotes({ info }: { info: RequestInfo }) {
  const { t } = useTranslation('requestLinks')
  const formatSize = useFormatFileSize()
  const notes: string[] = []
  if (info.max_files !== null) {
    notes.push(t('guardrails.maxFiles', { count: Math.max(0, info.max_files - info.files_received) }))
  }
  if (info.max_total_bytes !== null && info.max_upload_bytes !== null) {
    notes.push(t('guardrails.maxSize', { size: formatSize(info.max_upload_bytes) }))
  }
  if (info.allowed_types.length > 0) notes.push(t('guardrails.types', { types: info.allowed_types.join(', ') }))
  if (info.require_sender === 'name') notes.push(t('guardrails.nameRequired'))
  if (info.require_sender === 'email') notes.push(t('guardrails.emailRequired'))
  if (notes.length === 0) return null
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={t('guardrails.title')}
      data-testid="request-guardrails"
    >
      <List size="sm" spacing={2}>
        {notes.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </Alert>
  )
}

/** Where the picked files break the guardrails; the Upload button stays disabled meanwhile. */
export function GuardrailProblemAlerts({ problems }: { problems: GuardrailProblems }) {
  const { t } = useTranslation('requestLinks')
  const formatSize = useFormatFileSize()
  const lines: string[] = []
  if (problems.tooManyFiles !== null) lines.push(t('guardrails.tooManyFiles', { count: problems.tooManyFiles }))
  if (problems.tooLarge !== null) lines.push(t('guardrails.tooLarge', { size: formatSize(problems.tooLarge) }))
  if (problems.notAllowed.length > 0) lines.push(t('guardrails.notAllowed', { names: problems.notAllowed.join(', ') }))
  if (lines.length === 0) return null
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="request-problems">
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  )
}
