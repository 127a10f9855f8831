import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertCircle, IconCheck, IconCircleCheck, IconCopy, IconLink } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCreateRequestLink } from '../api/request-link-queries.js'
import { createLinkFailure, type RequestLinkMessage } from '../request-link-errors.js'
import {
  emptyFormValues,
  hasFormErrors,
  type RequestLinkFormErrors,
  toRequestBody,
} from '../request-link-form-values.js'
import { useMessageText } from './message-text.js'
import { RequestLinkFields } from './request-link-fields.js'

/**
 * Create Link (spec/transfers.md §2, §5): name, message, expiry (1 to 30 days; anything else is an
 * error under the field, as the server refuses it too) and the guardrails; then the link, read-only, with copy.
 */
export function CreateLinkForm({ isAuthenticated }: { isAuthenticated: boolean }) {
  const { t } = useTranslation('requestLinks')
  const messageText = useMessageText()
  const create = useCreateRequestLink()
  const [values, setValues] = useState(emptyFormValues)
  const [errors, setErrors] = useState<RequestLinkFormErrors>({})
  const [link, setLink] = useState<string | null>(null)
  const [failure, setFailure] = useState<RequestLinkMessage | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    setLink(null)
    if (!isAuthenticated) return setFailure({ key: 'serverErrors.request_login_required' })
    const checked = toRequestBody(values)
    setErrors(checked.errors)
    if (hasFormErrors(checked.errors)) return
    create.mutate(checked.body, {
      onSuccess: (response) => {
        setLink(response.upload_url)
        setValues(emptyFormValues)
      },
      onError: (error) => setFailure(createLinkFailure(error)),
    })
  }

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <RequestLinkFields values={values} errors={errors} onChange={setValues} />
          <Group>
            <Button type="submit" leftSection={<IconLink size={18} />} loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="request-create-error">
          {messageText(failure)}
        </Alert>
      )}
      {link && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />} data-testid="request-link-created">
          <Stack gap="xs">
            <Text size="sm">{t('create.ready')}</Text>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                value={link}
                readOnly
                aria-label={t('create.linkLabel')}
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
                data-testid="request-link"
              />
              <CopyButton value={link} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    color={copied ? 'teal' : 'green'}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    onClick={copy}
                  >
                    {copied ? t('create.copied') : t('create.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  )
}
