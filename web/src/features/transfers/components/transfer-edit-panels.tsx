import {
  recipientProblem,
  splitRecipientInput,
  type Transfer,
  unlimitedPlanDefaultExpiryHours,
} from '@ferry/contracts/api/transfers'
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { IconAlertCircle, IconCheck } from '@tabler/icons-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useAddTransferFiles, useUpdateTransfer } from '../api/transfer-queries.js'
import { useFeatureMessage } from '../hooks/use-feature-message.js'
import { serverMessage } from '../transfer-errors.js'
import { ExpiryField } from './expiry-field.js'

/** The uploads the page's queue finished, to attach to the transfer (features/uploads, composed in by the page). */
export interface PendingUploads {
  /** The inline picker of the send form. */
  picker: ReactNode
  /** Files uploaded and not yet attached. */
  completed: readonly { file_key: string; file_name: string; file_size: number }[]
  /** Every queued file has finished (none waits, none failed). */
  allDone: boolean
  /** Empties the queue once the files are part of the transfer. */
  clear(): void
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" tt="uppercase" fw={700} c="dimmed">
      {children}
    </Text>
  )
}

/** The server's refusal in the UI's language, or the panel's own fallback. */
function useEditError(fallbackKey: string) {
  const { i18n } = useTranslation('transfers')
  const say = useFeatureMessage()
  return (error: unknown) =>
    say(serverMessage(error, (code) => i18n.exists(code, { ns: 'errors' })) ?? { key: fallbackKey })
}

function Failed({ error, fallbackKey, testId }: { error: unknown; fallbackKey: string; testId: string }) {
  const message = useEditError(fallbackKey)
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid={testId}>
      {message(error)}
    </Alert>
  )
}

function Done({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert color="green" variant="light" icon={<IconCheck size={18} />} data-testid={testId}>
      {children}
    </Alert>
  )
}

/**
 * The owner moves the expiry after sending (issue 18 item 4): the send form's presets up to the
 * plan's maximum, counted from now. Extending it emails each recipient the new date.
 */
export function TransferExpiryPanel({
  transfer,
  maxExpiryHours,
}: {
  transfer: Transfer
  maxExpiryHours: number | null
}) {
  const { t } = useTranslation('transfers')
  const formatDate = useFormatDate()
  const update = useUpdateTransfer(transfer.id)
  const [editing, setEditing] = useState(false)
  const [hours, setHours] = useState<number | null>(null)
  const [done, setDone] = useState(false)

  const save = (event: FormEvent) => {
    event.preventDefault()
    setDone(false)
    const chosen = hours ?? maxExpiryHours ?? unlimitedPlanDefaultExpiryHours
    update.mutate(
      { expires_in_hours: chosen },
      {
        onSuccess: () => {
          setEditing(false)
          setDone(true)
        },
      },
    )
  }

  return (
    <Stack gap="xs" data-testid="expiry-panel">
      <Heading>{t('editExpiry.label')}</Heading>
      <Text size="sm" data-testid="expiry-current">
        {t('editExpiry.current', { date: formatDate(transfer.expires_at) })}
      </Text>
      {editing ? (
        <form onSubmit={save}>
          <Stack gap="xs">
            <ExpiryField
              maxExpiryHours={maxExpiryHours}
              value={hours}
              onChange={setHours}
              disabled={update.isPending}
            />
            <Text size="xs" c="dimmed">
              {t('editExpiry.fromNow')}
            </Text>
            <Group gap="xs">
              <Button type="submit" size="sm" loading={update.isPending} data-testid="detail-expiry-save">
                {t('editExpiry.save')}
              </Button>
              <Button variant="default" size="sm" onClick={() => setEditing(false)} disabled={update.isPending}>
                {t('passwordDetail.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="xs">
          <Button
            variant="light"
            size="sm"
            onClick={() => {
              setEditing(true)
              setDone(false)
            }}
            data-testid="detail-expiry-edit"
          >
            {t('editExpiry.change')}
          </Button>
        </Group>
      )}
      {done && <Done testId="expiry-done">{t('editExpiry.saved', { date: formatDate(transfer.expires_at) })}</Done>}
      {update.isError && <Failed error={update.error} fallbackKey="editExpiry.failed" testId="expiry-failed" />}
    </Stack>
  )
}

/**
 * The owner changes who the transfer is for (issue 18 item 4): the whole list, checked as the send
 * form checks it. New recipients get their email; removed ones lose their personal link.
 */
export function TransferRecipientsPanel({ transfer, maxRecipients }: { transfer: Transfer; maxRecipients: number }) {
  const { t } = useTranslation('transfers')
  const say = useFeatureMessage()
  const update = useUpdateTransfer(transfer.id)
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState(false)

  const save = (event: FormEvent) => {
    event.preventDefault()
    setDone(false)
    const emails = splitRecipientInput(value)
    const found = recipientProblem(emails, maxRecipients)
    if (found) {
      const { code, ...values } = found
      return setProblem(
        say({
          key: `serverErrors.${code}`,
          values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
        }),
      )
    }
    update.mutate(
      { recipient_emails: emails },
      {
        onSuccess: () => {
          setEditing(false)
          setDone(true)
        },
      },
    )
  }

  return (
    <Stack gap="xs" data-testid="recipients-panel">
      <Heading>{t('editRecipients.label')}</Heading>
      {editing ? (
        <form onSubmit={save}>
          <Stack gap="xs">
            <Textarea
              label={t('editRecipients.listLabel')}
              description={t('editRecipients.description', { count: maxRecipients })}
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value)
                setProblem(null)
              }}
              autosize
              minRows={2}
              disabled={update.isPending}
              error={problem}
              data-testid="detail-recipients-input"
            />
            <Group gap="xs">
              <Button type="submit" size="sm" loading={update.isPending} data-testid="detail-recipients-save">
                {t('editRecipients.save')}
              </Button>
              <Button variant="default" size="sm" onClick={() => setEditing(false)} disabled={update.isPending}>
                {t('passwordDetail.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="xs">
          <Button
            variant="light"
            size="sm"
            onClick={() => {
              setValue(transfer.recipient_emails.join('\n'))
              setProblem(null)
              setEditing(true)
              setDone(false)
            }}
            data-testid="detail-recipients-edit"
          >
            {t('editRecipients.change')}
          </Button>
        </Group>
      )}
      {done && <Done testId="recipients-done">{t('editRecipients.saved')}</Done>}
      {update.isError && <Failed error={update.error} fallbackKey="editRecipients.failed" testId="recipients-failed" />}
    </Stack>
  )
}

/**
 * The owner adds files to the transfer after sending, without re-uploading the others (issue 18
 * item 4): the send form's picker uploads them, then they are attached. Removing one is offered
 * on the file list (TransferFileRemove).
 */
export function TransferAddFilesPanel({ transfer, uploads }: { transfer: Transfer; uploads: PendingUploads }) {
  const { t } = useTranslation('transfers')
  const attach = useAddTransferFiles(transfer.id)
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState(0)
  const ready = uploads.allDone && uploads.completed.length > 0

  const add = () => {
    setDone(0)
    const files = [...uploads.completed]
    attach.mutate(files, {
      onSuccess: () => {
        uploads.clear()
        setOpen(false)
        setDone(files.length)
      },
    })
  }

  return (
    <Stack gap="xs" data-testid="add-files-panel">
      <Heading>{t('editFiles.label')}</Heading>
      {open ? (
        <Stack gap="xs">
          {uploads.picker}
          <Group gap="xs">
            <Button
              size="sm"
              disabled={!ready}
              loading={attach.isPending}
              onClick={add}
              data-testid="detail-files-attach"
            >
              {t('editFiles.attach', { count: uploads.completed.length })}
            </Button>
            <Button variant="default" size="sm" onClick={() => setOpen(false)} disabled={attach.isPending}>
              {t('passwordDetail.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="xs">
          <Button
            variant="light"
            size="sm"
            onClick={() => {
              setOpen(true)
              setDone(0)
            }}
            data-testid="detail-files-add"
          >
            {t('editFiles.add')}
          </Button>
        </Group>
      )}
      {done > 0 && <Done testId="files-done">{t('editFiles.added', { count: done })}</Done>}
      {attach.isError && <Failed error={attach.error} fallbackKey="editFiles.failed" testId="files-failed" />}
    </Stack>
  )
}
