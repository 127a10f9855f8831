import { type ApiKey, type ApiKeyScope, apiKeyScopes } from '@ferry/contracts/api/api-keys'
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/use-api-keys.js'

const scopeKey = (scope: ApiKeyScope) => scope.replace(':', '_') as 'transfers_read'

/**
 * "API keys" on the profile page (issue 20 item 2): make a key with a name and scopes, see it once
 * (with a copy button and a warning that it will not be shown again), list the keys by prefix,
 * scopes and last use, and revoke one after a confirmation.
 */
export function ApiKeysCard() {
  const { t, i18n } = useTranslation(['account', 'common'])
  const formatDate = useFormatDate()
  const keys = useApiKeys()
  const create = useCreateApiKey()
  const revoke = useRevokeApiKey()
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['transfers:read', 'transfers:write'])
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: ({ key }) => {
          setShown({ name: name.trim(), key })
          setName('')
        },
      },
    )
  }
  const closeRevoke = () => {
    setRevoking(null)
    revoke.reset()
  }

  const columns: ResponsiveColumn<ApiKey>[] = [
    {
      key: 'name',
      label: t('apiKeys.columns.name'),
      card: 'title',
      cell: (key) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="api-key-name">
            {key.name}
          </Text>
          <Code data-testid="api-key-prefix">{`${key.prefix}…`}</Code>
        </Stack>
      ),
    },
    {
      key: 'scopes',
      label: t('apiKeys.columns.scopes'),
      cell: (key) => (
        <Group gap={4}>
          {key.scopes.map((scope) => (
            <Badge key={scope} variant="light" size="sm" tt="none" data-testid="api-key-scope">
              {scope}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'created',
      label: t('apiKeys.columns.created'),
      tdProps: { style: { whiteSpace: 'nowrap' } },
      cell: (key) => formatDate(key.created_at),
    },
    {
      key: 'lastUsed',
      label: t('apiKeys.columns.lastUsed'),
      cell: (key) =>
        key.last_used_at ? (
          <Stack gap={0}>
            <Text size="sm">{formatDate(key.last_used_at)}</Text>
            {key.last_used_ip && (
              <Text size="xs" c="dimmed">
                {t('apiKeys.from', { address: key.last_used_ip })}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="api-key-never-used">
            {t('apiKeys.neverUsed')}
          </Text>
        ),
    },
    {
      key: 'actions',
      label: t('apiKeys.columns.actions'),
      card: 'actions',
      cell: (key) => (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={16} />}
          onClick={() => setRevoking(key)}
          data-testid="api-key-revoke"
        >
          {t('apiKeys.revoke')}
        </Button>
      ),
    },
  ]

  const list = keys.data?.keys ?? []
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="api-keys">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('apiKeys.title')}
        </Title>
        <Text size="sm">{t('apiKeys.text')}</Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('apiKeys.nameLabel')}
              placeholder={t('apiKeys.namePlaceholder')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={100}
              required
              data-testid="api-key-name-input"
            />
            <Checkbox.Group
              label={t('apiKeys.scopesLabel')}
              value={scopes}
              onChange={(value) => setScopes(value as ApiKeyScope[])}
            >
              <Stack gap={6} mt={6}>
                {apiKeyScopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={t(`apiKeys.scopes.${scopeKey(scope)}`)}
                    description={scope}
                    data-testid={`api-key-scope-${scope}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            {create.isError && (
              <ErrorAlert onClose={create.reset} data-testid="api-key-create-error">
                {errorMessage(i18n, create.error)}
              </ErrorAlert>
            )}
            <Button
              type="submit"
              w="fit-content"
              leftSection={<IconKey size={16} />}
              loading={create.isPending}
              disabled={name.trim() === '' || scopes.length === 0}
              data-testid="api-key-create"
            >
              {t('apiKeys.create')}
            </Button>
          </Stack>
        </form>
        {keys.isError && <ErrorAlert onClose={() => void keys.refetch()}>{errorMessage(i18n, keys.error)}</ErrorAlert>}
        {keys.data &&
          (list.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="api-keys-empty">
              {t('apiKeys.empty')}
            </Text>
          ) : (
            <ResponsiveTable
              rows={list}
              columns={columns}
              rowKey={(key) => key.id}
              rowAttributes={(key) => ({ 'data-testid': 'api-key-row', 'data-key-id': key.id })}
              label={t('apiKeys.title')}
              minWidth={560}
              tableProps={{ verticalSpacing: 'sm', 'data-testid': 'api-keys-table' }}
              cardsTestId="api-keys-cards"
            />
          ))}
      </Stack>

      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t('apiKeys.shownTitle', { name: shown?.name ?? '' })}
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="api-key-warning">
            {t('apiKeys.shownWarning')}
          </Alert>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('apiKeys.keyLabel')}
              value={shown?.key ?? ''}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'monospace' } }}
              data-testid="api-key-value"
            />
            <CopyButton value={shown?.key ?? ''} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : 'blue'}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  data-testid="api-key-copy"
                >
                  {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">{t('apiKeys.curlHint')}</Text>
          <Code block data-testid="api-key-curl">
            {`curl -T file.iso ${window.location.origin}/api/put/file.iso -H "Authorization: Bearer ${shown?.key ?? ''}"`}
          </Code>
          <Group justify="flex-end">
            <Button onClick={() => setShown(null)} data-testid="api-key-shown-done">
              {t('apiKeys.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={revoking !== null}
        onClose={closeRevoke}
        title={t('apiKeys.revokeTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('apiKeys.revokeText', { name: revoking?.name ?? '', prefix: revoking?.prefix ?? '' })}
          </Text>
          {revoke.isError && <ErrorAlert onClose={revoke.reset}>{errorMessage(i18n, revoke.error)}</ErrorAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeRevoke} disabled={revoke.isPending}>
              {t('apiKeys.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
              data-testid="api-key-revoke-confirm"
            >
              {t('apiKeys.revokeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
