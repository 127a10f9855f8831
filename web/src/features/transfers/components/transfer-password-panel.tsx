import type { Transfer } from '@ferry/contracts/api/transfers'
import { transferPasswordMinLength } from '@ferry/contracts/api/transfers'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertCircle, IconCheck, IconLock, IconLockOpen } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUpdateTransfer } from '../api/transfer-queries.js'
import { PasswordField, passwordTooShort } from './password-field.js'

export interface TransferPasswordPanelProps {
  transfer: Transfer
  /** The owner's plan has password_protection: setting or changing one is offered. Removing always is. */
  passwordInPlan: boolean
}

/**
 * The owner's password controls on the transfer's page (issue 18): whether recipients need one,
 * and set, change or remove it. Any change ends every recipient's earlier unlock at once.
 */
export function TransferPasswordPanel({ transfer, passwordInPlan }: TransferPasswordPanelProps) {
  const { t } = useTranslation('transfers')
  const update = useUpdateTransfer(transfer.id)
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState('')
  const [tooShort, setTooShort] = useState(false)
  const [done, setDone] = useState<'saved' | 'removed' | null>(null)

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (value === '' || passwordTooShort(value)) return setTooShort(true)
    setDone(null)
    update.mutate(
      { password: value },
      {
        onSuccess: () => {
          setEditing(false)
          setValue('')
          setDone('saved')
        },
      },
    )
  }

  const remove = () => {
    setDone(null)
    update.mutate({ password: null }, { onSuccess: () => setDone('removed') })
  }

  return (
    <Stack gap="xs" data-testid="password-panel">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {t('passwordDetail.label')}
      </Text>
      <Group gap={6} wrap="nowrap">
        {transfer.has_password ? <IconLock size={16} /> : <IconLockOpen size={16} />}
        <Text size="sm" data-testid="password-status">
          {transfer.has_password ? t('passwordDetail.on') : t('passwordDetail.off')}
        </Text>
      </Group>
      {editing ? (
        <form onSubmit={save}>
          <Stack gap="xs">
            <PasswordField
              label={t('passwordDetail.newLabel')}
              description={t('password.description')}
              value={value}
              onChange={(next) => {
                setValue(next)
                setTooShort(false)
              }}
              disabled={update.isPending}
              error={tooShort ? t('password.tooShort', { count: transferPasswordMinLength }) : null}
              testId="detail-password"
            />
            <Group gap="xs">
              <Button type="submit" size="sm" loading={update.isPending} data-testid="detail-password-save">
                {t('passwordDetail.save')}
              </Button>
              <Button variant="default" size="sm" onClick={() => setEditing(false)} disabled={update.isPending}>
                {t('passwordDetail.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group gap="xs">
          {passwordInPlan && (
            <Button
              variant="light"
              size="sm"
              onClick={() => {
                setEditing(true)
                setDone(null)
              }}
              data-testid="detail-password-edit"
            >
              {transfer.has_password ? t('passwordDetail.change') : t('passwordDetail.set')}
            </Button>
          )}
          {transfer.has_password && (
            <Button
              variant="default"
              size="sm"
              loading={update.isPending}
              onClick={remove}
              data-testid="detail-password-remove"
            >
              {t('passwordDetail.remove')}
            </Button>
          )}
        </Group>
      )}
      {!passwordInPlan && !transfer.has_password && (
        <Text size="sm" c="dimmed">
          {t('passwordDetail.notInPlan')}
        </Text>
      )}
      {done && (
        <Alert color="green" variant="light" icon={<IconCheck size={18} />} data-testid="password-done">
          {done === 'saved' ? t('passwordDetail.saved') : t('passwordDetail.removed')}
        </Alert>
      )}
      {update.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="password-failed">
          {t('passwordDetail.failed')}
        </Alert>
      )}
    </Stack>
  )
}
