import type { RequestListItem } from '@ferry/contracts/api/request-links'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert'
import { useUpdateRequestLink } from '../api/request-link-queries.js'
import { createLinkFailure, type RequestLinkMessage } from '../request-link-errors.js'
import {
  emptyFormValues,
  formValuesOf,
  hasFormErrors,
  type RequestLinkFormErrors,
  toRequestBody,
} from '../request-link-form-values.js'
import { useMessageText } from './message-text.js'
import { RequestLinkFields } from './request-link-fields.js'
import { useNotify } from './use-notify.js'

/**
 * Edit a link of My Requests: the same fields as Create Link; the expiry is chosen again from
 * today (so an expired link saved with a new expiry takes uploads again; a closed one stays closed).
 */
export function EditRequestModal({ link, onClose }: { link: RequestListItem | null; onClose(): void }) {
  const { t } = useTranslation('requestLinks')
  const messageText = useMessageText()
  const notify = useNotify()
  const update = useUpdateRequestLink()
  const [values, setValues] = useState(emptyFormValues)
  const [errors, setErrors] = useState<RequestLinkFormErrors>({})
  const [failure, setFailure] = useState<RequestLinkMessage | null>(null)

  useEffect(() => {
    if (!link) return
    setValues(formValuesOf(link, new Date()))
    setErrors({})
    setFailure(null)
  }, [link])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!link) return
    const checked = toRequestBody(values)
    setErrors(checked.errors)
    if (hasFormErrors(checked.errors)) return
    const { body } = checked
    update.mutate(
      {
        requestId: link.request_id,
        payload: {
          name: body.name,
          message: body.message,
          expires_in_days: body.expires_in_days,
          max_files: body.max_files,
          max_total_bytes: body.max_total_bytes,
          allowed_types: body.allowed_types,
          require_sender: body.require_sender,
          single_upload: body.single_upload,
        },
      },
      {
        onSuccess: () => {
          notify(t('mine.saved'))
          onClose()
        },
        onError: (error) => setFailure(createLinkFailure(error)),
      },
    )
  }

  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={t('mine.editTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <form onSubmit={submit} noValidate data-testid="edit-request-form">
        <Stack gap="md">
          <RequestLinkFields values={values} errors={errors} onChange={setValues} />
          {failure && <ErrorAlert onClose={() => setFailure(null)}>{messageText(failure)}</ErrorAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('mine.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="save-request">
              {t('mine.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

interface DeleteRequestModalProps {
  link: RequestListItem | null
  pending: boolean
  onCancel(): void
  onConfirm(): void
}

/** Deleting a link says what goes with it: the link stops working, and the files received on it are deleted. */
export function DeleteRequestModal({ link, pending, onCancel, onConfirm }: DeleteRequestModalProps) {
  const { t } = useTranslation('requestLinks')
  return (
    <Modal
      opened={link !== null}
      onClose={onCancel}
      title={t('mine.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <Stack gap="md">
        {link && (
          <Text fw={500} data-testid="delete-request-name">
            {link.name ?? link.request_id}
          </Text>
        )}
        <Text size="sm">{t('mine.deleteRule', { count: link?.uploads_count ?? 0 })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('mine.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-testid="confirm-delete-request">
            {t('mine.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
