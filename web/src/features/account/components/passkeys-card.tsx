import { passkeyNameMax } from '@ferry/contracts/api/passkeys'
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { passkeyErrorMessage } from '../../../lib/passkey-error.js'
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys-api.js'

/**
 * "Passkeys" in the profile's sign-in and security settings (issue 23 item 2): add one (the
 * browser or phone makes it; it is named here), rename or delete it. A passkey signs in on its
 * own, and stands in for the code when two-factor sign-in is on.
 */
export function PasskeysCard() {
  const { t, i18n } = useTranslation('account')
  const formatDate = useFormatDate()
  const passkeys = usePasskeys()
  const add = useAddPasskey()
  const rename = useRenamePasskey()
  const remove = useRemovePasskey()
  const [name, setName] = useState('')
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null)
  const list = passkeys.data?.passkeys ?? []
  const failure = add.error ?? rename.error ?? remove.error

  const submitAdd = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return
    add.mutate(trimmed, { onSuccess: () => setName('') })
  }
  const submitRename = (event: FormEvent) => {
    event.preventDefault()
    if (!editing?.name.trim()) return
    rename.mutate({ id: editing.id, name: editing.name.trim() }, { onSuccess: () => setEditing(null) })
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="passkeys">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('passkeys.title')}
        </Title>
        <Text size="sm">{t('passkeys.text')}</Text>
        {failure && (
          <ErrorAlert
            onClose={() => {
              for (const mutation of [add, rename, remove]) mutation.reset()
            }}
          >
            {passkeyErrorMessage(i18n, failure)}
          </ErrorAlert>
        )}
        {list.length === 0 && passkeys.isSuccess && (
          <Text size="sm" c="dimmed">
            {t('passkeys.none')}
          </Text>
        )}
        {list.map((passkey) =>
          editing?.id === passkey.id ? (
            <form key={passkey.id} onSubmit={submitRename} noValidate>
              <Group align="flex-end">
                <TextInput
                  label={t('passkeys.nameLabel')}
                  maxLength={passkeyNameMax}
                  value={editing.name}
                  onChange={(event) => setEditing({ id: passkey.id, name: event.currentTarget.value })}
                  autoFocus
                />
                <Button type="submit" loading={rename.isPending}>
                  {t('passkeys.save')}
                </Button>
                <Button variant="subtle" onClick={() => setEditing(null)}>
                  {t('passkeys.cancel')}
                </Button>
              </Group>
            </form>
          ) : (
            <Group key={passkey.id} justify="space-between" data-testid="passkey">
              <Text size="sm">
                <IconKey size={16} style={{ verticalAlign: 'text-bottom' }} /> {passkey.name}
                <Text span size="xs" c="dimmed">
                  {' '}
                  {passkey.last_used_at
                    ? t('passkeys.lastUsed', { date: formatDate(passkey.last_used_at) })
                    : t('passkeys.added', { date: formatDate(passkey.created_at) })}
                </Text>
              </Text>
              <Group gap="xs">
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setEditing({ id: passkey.id, name: passkey.name })}
                >
                  {t('passkeys.rename')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={16} />}
                  loading={remove.isPending && remove.variables === passkey.id}
                  onClick={() => remove.mutate(passkey.id)}
                >
                  {t('passkeys.delete')}
                </Button>
              </Group>
            </Group>
          ),
        )}
        <form onSubmit={submitAdd} noValidate>
          <Group align="flex-end">
            <TextInput
              label={t('passkeys.nameLabel')}
              placeholder={t('passkeys.namePlaceholder')}
              maxLength={passkeyNameMax}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
              {t('passkeys.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  )
}
