import type { RequestInfo } from '@ferry/contracts/api/request-links'
import { Badge, Blockquote, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconClock, IconUpload } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useRequestUpload } from '../hooks/use-request-upload.js'
import type { RequestUploadFiles } from '../request-guardrails.js'
import { useMessageText } from './message-text.js'
import { GuardrailProblemAlerts, RequestGuardrailNotes } from './request-guardrail-notes.js'
import { UploadDone } from './upload-request-states.js'

export interface UploadRequestFormProps {
  requestId: string
  info: RequestInfo
  files: RequestUploadFiles
  /** The inline file picker, which the page builds on the same upload engine as the send form. */
  picker: ReactNode
  homeTo: string
}

/** The upload page's form (spec/transfers.md §2), then its success screen. */
export function UploadRequestForm({ requestId, info, files, picker, homeTo }: UploadRequestFormProps) {
  const { t } = useTranslation('requestLinks')
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  const messageText = useMessageText()
  const form = useRequestUpload({ requestId, info, files })

  if (form.phase === 'done') return <UploadDone homeTo={homeTo} more={!info.single_upload} />

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="upload-request-form">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="request-title">
              {info.name ?? t('page.title')}
            </Title>
            <Text c="dimmed" mt={4} data-testid="request-asker">
              {info.owner_name ? t('page.asking', { name: info.owner_name }) : t('page.intro')}
            </Text>
          </div>
          <Badge variant="light" color="blue" leftSection={<IconClock size={12} />} data-testid="request-expires">
            {t('page.expiresBadge', { date: formatDate(info.expires_at) })}
          </Badge>
        </Group>
        {info.message && (
          <Blockquote color="blue" p="md" data-testid="request-message-text">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {info.message}
            </Text>
          </Blockquote>
        )}
        <RequestGuardrailNotes info={info} />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('page.pickerNote')}
          </Text>
          {picker}
        </Stack>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('sender.name')}
            description={info.require_sender === 'name' ? undefined : t('sender.optional')}
            withAsterisk={info.require_sender === 'name'}
            value={form.senderName}
            onChange={(event) => form.setSenderName(event.currentTarget.value)}
            error={form.fieldErrors.name ? t('sender.nameRequired') : undefined}
            maxLength={200}
            autoComplete="name"
            miw={220}
            data-testid="sender-name"
          />
          <TextInput
            type="email"
            label={t('sender.email')}
            description={info.require_sender === 'email' ? undefined : t('sender.optional')}
            withAsterisk={info.require_sender === 'email'}
            value={form.senderEmail}
            onChange={(event) => form.setSenderEmail(event.currentTarget.value)}
            error={form.fieldErrors.email ? t('sender.emailRequired') : undefined}
            maxLength={254}
            autoComplete="email"
            miw={220}
            data-testid="sender-email"
          />
        </Group>
        {files.items.length > 0 && (
          <Text size="sm" data-testid="request-total-size">
            {t('upload.totalSize', { size: formatSize(files.totalBytes) })}
          </Text>
        )}
        <GuardrailProblemAlerts problems={form.problems} />
        {form.failure && (
          <ErrorAlert onClose={form.dismissFailure} data-testid="request-upload-error">
            {messageText(form.failure)}
          </ErrorAlert>
        )}
        <Button
          size="md"
          leftSection={<IconUpload size={18} />}
          onClick={form.upload}
          disabled={!form.canUpload}
          data-testid="request-upload-button"
        >
          {form.busy ? t('upload.busy') : t('upload.submit')}
        </Button>
      </Stack>
    </Paper>
  )
}
