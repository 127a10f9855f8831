import { type WebhookEndpoint, type WebhookEventType, webhookEventTypes } from '@ferry/contracts/api/webhooks'
import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconKey, IconList, IconPlus, IconTrash } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhooks,
} from '../api/use-webhooks.js'
import { WebhookDeliveries } from './webhook-deliveries.js'
import { WebhookSecretModal } from './webhook-secret-modal.js'

const eventKey = (event: WebhookEventType) => event.replace('.', '_') as 'transfer_created'

/**
 * "Webhooks" on the profile page (issue 20 item 5): add an endpoint (URL, description, events)
 * and see its signing secret once; per endpoint, turn it on or off, see its delivery log and send
 * a delivery again, rotate the secret (the old one signs too for 24 hours), or delete it.
 */
export function WebhooksCard() {
  const { t, i18n } = useTranslation(['account', 'common'])
  const formatDate = useFormatDate()
  const endpoints = useWebhooks()
  const create = useCreateWebhook()
  const update = useUpdateWebhook()
  const rotate = useRotateWebhookSecret()
  const remove = useDeleteWebhook()
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>(['transfer.created', 'transfer.downloaded'])
  const [shown, setShown] = useState<{ title: string; secret: string; note?: string } | null>(null)
  const [openLog, setOpenLog] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      { url: url.trim(), description: description.trim(), events },
      {
        onSuccess: ({ secret }) => {
          setShown({ title: t('webhooks.createdTitle'), secret })
          setUrl('')
          setDescription('')
        },
      },
    )
  }
  const rotateSecret = (endpoint: WebhookEndpoint) =>
    rotate.mutate(endpoint.id, {
      onSuccess: ({ secret, previous_secret_expires_at }) =>
        setShown({
          title: t('webhooks.rotatedTitle'),
          secret,
          note: t('webhooks.rotatedNote', { date: formatDate(previous_secret_expires_at) }),
        }),
    })
  const closeDelete = () => {
    setDeleting(null)
    remove.reset()
  }

  const list = endpoints.data?.endpoints ?? []
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="webhooks">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('webhooks.title')}
        </Title>
        <Text size="sm">{t('webhooks.text')}</Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('webhooks.urlLabel')}
              placeholder="https://example.com/ferry-hooks"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              maxLength={2000}
              type="url"
              required
              data-testid="webhook-url-input"
            />
            <TextInput
              label={t('webhooks.descriptionLabel')}
              placeholder={t('webhooks.descriptionPlaceholder')}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              maxLength={200}
              data-testid="webhook-description-input"
            />
            <Checkbox.Group
              label={t('webhooks.eventsLabel')}
              value={events}
              onChange={(value) => setEvents(value as WebhookEventType[])}
            >
              <Stack gap={6} mt={6}>
                {webhookEventTypes.map((type) => (
                  <Checkbox
                    key={type}
                    value={type}
                    label={t(`webhooks.events.${eventKey(type)}`)}
                    description={type}
                    data-testid={`webhook-event-${type}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            {create.isError && (
              <ErrorAlert onClose={create.reset} data-testid="webhook-create-error">
                {errorMessage(i18n, create.error)}
              </ErrorAlert>
            )}
            <Button
              type="submit"
              w="fit-content"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
              disabled={url.trim() === '' || events.length === 0}
              data-testid="webhook-create"
            >
              {t('webhooks.create')}
            </Button>
          </Stack>
        </form>
        {endpoints.isError && (
          <ErrorAlert onClose={() => void endpoints.refetch()}>{errorMessage(i18n, endpoints.error)}</ErrorAlert>
        )}
        {(update.isError || rotate.isError) && (
          <ErrorAlert
            onClose={() => {
              update.reset()
              rotate.reset()
            }}
          >
            {errorMessage(i18n, update.error ?? rotate.error)}
          </ErrorAlert>
        )}
        {endpoints.data && list.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="webhooks-empty">
            {t('webhooks.empty')}
          </Text>
        )}
        {list.map((endpoint) => (
          <Paper
            key={endpoint.id}
            withBorder
            radius="md"
            p="md"
            data-testid="webhook-endpoint"
            data-endpoint-id={endpoint.id}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Code style={{ overflowWrap: 'anywhere' }} data-testid="webhook-endpoint-url">
                    {endpoint.url}
                  </Code>
                  {endpoint.description && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {endpoint.description}
                    </Text>
                  )}
                </Stack>
                <Switch
                  label={t('webhooks.enabled')}
                  checked={endpoint.enabled}
                  onChange={(event) =>
                    update.mutate({ id: endpoint.id, body: { enabled: event.currentTarget.checked } })
                  }
                  data-testid="webhook-enabled"
                />
              </Group>
              <Group gap={4}>
                {endpoint.events.map((type) => (
                  <Badge key={type} variant="light" size="sm" tt="none" data-testid="webhook-endpoint-event">
                    {type}
                  </Badge>
                ))}
              </Group>
              {endpoint.previous_secret_expires_at && (
                <Text size="xs" c="dimmed" data-testid="webhook-grace">
                  {t('webhooks.grace', { date: formatDate(endpoint.previous_secret_expires_at) })}
                </Text>
              )}
              <Group gap="xs">
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconList size={16} />}
                  aria-expanded={openLog === endpoint.id}
                  onClick={() => setOpenLog(openLog === endpoint.id ? null : endpoint.id)}
                  data-testid="webhook-log-toggle"
                >
                  {openLog === endpoint.id ? t('webhooks.hideLog') : t('webhooks.showLog')}
                </Button>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconKey size={16} />}
                  loading={rotate.isPending && rotate.variables === endpoint.id}
                  onClick={() => rotateSecret(endpoint)}
                  data-testid="webhook-rotate"
                >
                  {t('webhooks.rotate')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setDeleting(endpoint)}
                  data-testid="webhook-delete"
                >
                  {t('webhooks.delete')}
                </Button>
              </Group>
              {openLog === endpoint.id && <WebhookDeliveries endpointId={endpoint.id} />}
            </Stack>
          </Paper>
        ))}
      </Stack>

      <WebhookSecretModal shown={shown} onClose={() => setShown(null)} />

      <Modal
        opened={deleting !== null}
        onClose={closeDelete}
        title={t('webhooks.deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('webhooks.deleteText', { url: deleting?.url ?? '' })}
          </Text>
          {remove.isError && <ErrorAlert onClose={remove.reset}>{errorMessage(i18n, remove.error)}</ErrorAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeDelete} disabled={remove.isPending}>
              {t('webhooks.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
              data-testid="webhook-delete-confirm"
            >
              {t('webhooks.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
