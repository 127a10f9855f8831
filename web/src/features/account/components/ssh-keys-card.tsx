import type { SshKey } from '@ferry/contracts/api/sftp'
import { Button, Code, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { IconKey, IconTrash } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useAddSshKey, useRemoveSshKey, useSshKeys } from '../api/ssh-keys-api.js'

/**
 * "SSH keys" on the profile page (issue 20 item 1), for plans with SFTP download: add a public key
 * (one line of a .pub file), see each key's type and fingerprint as ssh-keygen prints them, and
 * remove one after a confirmation. Any of them signs in to the SFTP login of the user's transfers.
 */
export function SshKeysCard() {
  const { t, i18n } = useTranslation(['account', 'common'])
  const formatDate = useFormatDate()
  const keys = useSshKeys()
  const add = useAddSshKey()
  const remove = useRemoveSshKey()
  const [name, setName] = useState('')
  const [publicKey, setPublicKey] = useState('')
  const [removing, setRemoving] = useState<SshKey | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(
      { name: name.trim(), public_key: publicKey.trim() },
      {
        onSuccess: () => {
          setName('')
          setPublicKey('')
        },
      },
    )
  }
  const closeRemove = () => {
    setRemoving(null)
    remove.reset()
  }

  const columns: ResponsiveColumn<SshKey>[] = [
    {
      key: 'name',
      label: t('sshKeys.columns.name'),
      card: 'title',
      cell: (key) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="ssh-key-name">
            {key.name}
          </Text>
          <Text size="xs" c="dimmed">
            {key.type}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'fingerprint',
      label: t('sshKeys.columns.fingerprint'),
      cell: (key) => (
        <Code style={{ overflowWrap: 'anywhere' }} data-testid="ssh-key-fingerprint">
          {key.fingerprint}
        </Code>
      ),
    },
    {
      key: 'created',
      label: t('sshKeys.columns.added'),
      tdProps: { style: { whiteSpace: 'nowrap' } },
      cell: (key) => formatDate(key.created_at),
    },
    {
      key: 'lastUsed',
      label: t('sshKeys.columns.lastUsed'),
      cell: (key) => (key.last_used_at ? formatDate(key.last_used_at) : t('sshKeys.neverUsed')),
    },
    {
      key: 'actions',
      label: t('sshKeys.columns.actions'),
      card: 'actions',
      cell: (key) => (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={16} />}
          onClick={() => setRemoving(key)}
          data-testid="ssh-key-remove"
        >
          {t('sshKeys.remove')}
        </Button>
      ),
    },
  ]

  const list = keys.data?.keys ?? []
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="ssh-keys">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('sshKeys.title')}
        </Title>
        <Text size="sm">{t('sshKeys.text')}</Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('sshKeys.nameLabel')}
              placeholder={t('sshKeys.namePlaceholder')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={100}
              required
              data-testid="ssh-key-name-input"
            />
            <Textarea
              label={t('sshKeys.keyLabel')}
              description={t('sshKeys.keyHint')}
              placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… me@laptop"
              value={publicKey}
              onChange={(event) => setPublicKey(event.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={6}
              required
              spellCheck={false}
              styles={{ input: { fontFamily: 'monospace' } }}
              data-testid="ssh-key-input"
            />
            {add.isError && (
              <ErrorAlert onClose={add.reset} data-testid="ssh-key-add-error">
                {errorMessage(i18n, add.error)}
              </ErrorAlert>
            )}
            <Button
              type="submit"
              w="fit-content"
              leftSection={<IconKey size={16} />}
              loading={add.isPending}
              disabled={name.trim() === '' || publicKey.trim() === ''}
              data-testid="ssh-key-add"
            >
              {t('sshKeys.add')}
            </Button>
          </Stack>
        </form>
        {keys.isError && <ErrorAlert onClose={() => void keys.refetch()}>{errorMessage(i18n, keys.error)}</ErrorAlert>}
        {keys.data &&
          (list.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="ssh-keys-empty">
              {t('sshKeys.empty')}
            </Text>
          ) : (
            <ResponsiveTable
              rows={list}
              columns={columns}
              rowKey={(key) => key.id}
              rowAttributes={(key) => ({ 'data-testid': 'ssh-key-row', 'data-key-id': key.id })}
              label={t('sshKeys.title')}
              minWidth={560}
              tableProps={{ verticalSpacing: 'sm', 'data-testid': 'ssh-keys-table' }}
              cardsTestId="ssh-keys-cards"
            />
          ))}
      </Stack>

      <Modal
        opened={removing !== null}
        onClose={closeRemove}
        title={t('sshKeys.removeTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t('sshKeys.removeText', { name: removing?.name ?? '', fingerprint: removing?.fingerprint ?? '' })}
          </Text>
          {remove.isError && <ErrorAlert onClose={remove.reset}>{errorMessage(i18n, remove.error)}</ErrorAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeRemove} disabled={remove.isPending}>
              {t('sshKeys.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate(removing.id, { onSuccess: closeRemove })}
              data-testid="ssh-key-remove-confirm"
            >
              {t('sshKeys.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
