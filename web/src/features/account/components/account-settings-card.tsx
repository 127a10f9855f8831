import { passwordMinLength } from '@ferry/contracts/api/auth'
import { Alert, Button, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useAccount, useChangeEmail, useChangeName, useChangePassword } from '../api/use-account.js'

/** A failed call's sentence, under the form it belongs to. */
function Failure({ error, onClose }: { error: unknown; onClose(): void }) {
  const { t, i18n } = useTranslation('account')
  return <ErrorAlert onClose={onClose}>{t('settings.failed', { message: errorMessage(i18n, error) })}</ErrorAlert>
}

function NameForm({ name }: { name: string }) {
  const { t } = useTranslation('account')
  const change = useChangeName()
  const [value, setValue] = useState(name)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    change.mutate(value.trim())
  }
  return (
    <form onSubmit={submit} noValidate data-testid="settings-name-form">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('settings.name.label')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value)
              change.reset()
            }}
            autoComplete="name"
            maxLength={100}
            required
            style={{ flex: '1 1 240px' }}
            data-testid="settings-name"
          />
          <Button type="submit" variant="light" loading={change.isPending} disabled={!value.trim()}>
            {t('settings.name.save')}
          </Button>
        </Group>
        {change.isSuccess && (
          <Text size="sm" c="teal.8" role="status">
            {t('settings.name.saved')}
          </Text>
        )}
        {change.isError && <Failure error={change.error} onClose={change.reset} />}
      </Stack>
    </form>
  )
}

function EmailForm({ email, pending, hasPassword }: { email: string; pending: string | null; hasPassword: boolean }) {
  const { t } = useTranslation('account')
  const change = useChangeEmail()
  const [next, setNext] = useState('')
  const [password, setPassword] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    change.mutate(
      { email: next.trim(), current_password: hasPassword ? password : undefined },
      { onSuccess: () => setPassword('') },
    )
  }
  const waitingFor = change.data?.pending_email ?? pending
  return (
    <form onSubmit={submit} noValidate data-testid="settings-email-form">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('settings.email.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.email.current', { email })}
        </Text>
        <TextInput
          type="email"
          label={t('settings.email.label')}
          value={next}
          onChange={(event) => setNext(event.currentTarget.value)}
          autoComplete="email"
          required
          data-testid="settings-email"
        />
        {hasPassword && (
          <PasswordInput
            label={t('settings.email.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            required
            data-testid="settings-email-password"
          />
        )}
        <Text size="xs" c="dimmed">
          {t('settings.email.hint')}
        </Text>
        {waitingFor && (
          <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} data-testid="settings-email-pending">
            {change.isSuccess
              ? t('settings.email.sent', { email: waitingFor })
              : t('settings.email.pending', { email: waitingFor })}
          </Alert>
        )}
        {change.isError && <Failure error={change.error} onClose={change.reset} />}
        <Button type="submit" variant="light" w="fit-content" loading={change.isPending} disabled={!next.trim()}>
          {t('settings.email.submit')}
        </Button>
      </Stack>
    </form>
  )
}

function PasswordForm() {
  const { t } = useTranslation('account')
  const change = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [repeat, setRepeat] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (next.length < passwordMinLength) return setProblem(t('reset.tooShort', { n: passwordMinLength }))
    if (next !== repeat) return setProblem(t('reset.mismatch'))
    setProblem(null)
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('')
          setNext('')
          setRepeat('')
        },
      },
    )
  }
  return (
    <form onSubmit={submit} noValidate data-testid="settings-password-form">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('settings.password.title')}
        </Title>
        <PasswordInput
          label={t('settings.password.current')}
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
          autoComplete="current-password"
          required
          data-testid="settings-password-current"
        />
        <PasswordInput
          label={t('settings.password.new')}
          description={t('reset.hint', { n: passwordMinLength })}
          value={next}
          onChange={(event) => setNext(event.currentTarget.value)}
          autoComplete="new-password"
          required
          data-testid="settings-password-new"
        />
        <PasswordInput
          label={t('settings.password.repeat')}
          value={repeat}
          onChange={(event) => setRepeat(event.currentTarget.value)}
          autoComplete="new-password"
          error={problem}
          required
          data-testid="settings-password-repeat"
        />
        <Text size="xs" c="dimmed">
          {t('settings.password.hint')}
        </Text>
        {change.isSuccess && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            role="status"
            data-testid="settings-password-done"
          >
            {t('settings.password.done')}
          </Alert>
        )}
        {change.isError && <Failure error={change.error} onClose={change.reset} />}
        <Button type="submit" variant="light" w="fit-content" loading={change.isPending} disabled={!current || !next}>
          {t('settings.password.submit')}
        </Button>
      </Stack>
    </form>
  )
}

/**
 * The profile's account settings (product.md §23): the name; the email address, which changes
 * only when the new address confirms it; the password, which needs the current one (the other
 * devices are signed out, this one stays signed in).
 */
export function AccountSettingsCard() {
  const { t, i18n } = useTranslation('account')
  const account = useAccount()
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="account-settings">
      <Stack gap="lg">
        <Title order={2} fz="h4">
          {t('settings.title')}
        </Title>
        {account.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('settings.loadFailed', { message: errorMessage(i18n, account.error) })}
          </Alert>
        )}
        {account.data && (
          <>
            <NameForm name={account.data.user.name} />
            <Divider />
            <EmailForm
              email={account.data.user.email}
              pending={account.data.pending_email}
              hasPassword={account.data.has_password}
            />
            <Divider />
            {account.data.has_password ? (
              <PasswordForm />
            ) : (
              <Text size="sm" c="dimmed">
                {t('settings.password.noPassword')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  )
}
