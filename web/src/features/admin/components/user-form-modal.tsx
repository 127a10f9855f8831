import { type AdminUserRequest, adminUserRequest } from '@ferry/contracts/api/admin'
import { type AdminUser, type Role, roles } from '@ferry/contracts/api/users'
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../auth/index.js'

export interface UserFormModalProps {
  opened: boolean
  /** The user to edit; a new user when absent (the role then defaults to FREE, spec/accounts.md §5). */
  user?: AdminUser | null
  pending: boolean
  /** The red error alert of a failed save, shown above the fields. */
  error?: ReactNode
  onClose(): void
  onSubmit(body: AdminUserRequest): void
}

type Problems = Partial<Record<'name' | 'email', string>>

/** The Create User and Edit User modals (spec/accounts.md §2, §5): Name, Email (email type), Role. */
export function UserFormModal({ opened, user, pending, error, onClose, onSubmit }: UserFormModalProps) {
  const { t } = useTranslation('admin')
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('FREE')
  const [problems, setProblems] = useState<Problems>({})
  const editing = Boolean(user)
  // Nobody changes their own role (the server answers admin_own_role): the field is locked and says why.
  const selfId = useSession().user?.id
  const ownAccount = Boolean(user && user.id === selfId)

  useEffect(() => {
    if (!opened) return
    setName(user?.name ?? '')
    setEmail(user?.email ?? '')
    setRole(user?.role ?? 'FREE')
    setProblems({})
  }, [opened, user])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The server's own schema decides; the form only translates what it refuses.
    const parsed = adminUserRequest.safeParse({ name, email, role })
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]))
      setProblems({
        name: fields.has('name') ? t('form.nameRequired') : undefined,
        email: fields.has('email') ? t('form.emailInvalid') : undefined,
      })
      return
    }
    setProblems({})
    onSubmit(parsed.data)
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error}
          <TextInput
            label={t('form.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={problems.name}
            required
            data-autofocus
            data-testid="user-form-name"
          />
          <TextInput
            type="email"
            label={t('form.email')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={problems.email}
            required
            data-testid="user-form-email"
          />
          <Select
            label={t('form.role')}
            data={roles.map((value) => ({ value, label: t(`roles.${value}`) }))}
            value={role}
            onChange={(value) => value && setRole(value as Role)}
            allowDeselect={false}
            disabled={ownAccount}
            description={ownAccount ? t('form.ownRole') : undefined}
            data-testid="user-form-role"
          />
          {!editing && (
            <Text size="sm" c="dimmed">
              {t('form.createHint')}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="user-form-submit">
              {editing ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
