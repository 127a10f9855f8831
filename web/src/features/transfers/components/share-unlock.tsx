import type { ShareLockedResponse } from '@ferry/contracts/api/transfers'
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertCircle, IconLock } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-error.js'
import { useUnlockShare } from '../api/transfer-queries.js'

export interface ShareUnlockProps {
  uniqueId: string
  /** What the locked share record says: the title and the sender's name, nothing more. */
  locked: Pick<ShareLockedResponse, 'transfer' | 'sender'>
}

/** Seconds from a 429's body (`retry_after_seconds`), when it says. */
function retryAfterOf(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null
  const seconds = (error.body as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds
  return typeof seconds === 'number' && seconds > 0 ? seconds : 1
}

/**
 * The share page of a password-protected transfer (issue 18): the title and who sent it, then the
 * password before anything else. The password goes in the request body; the grant comes back as
 * an httpOnly cookie for this transfer only, and the share record is read again.
 */
export function ShareUnlock({ uniqueId, locked }: ShareUnlockProps) {
  const { t } = useTranslation('transfers')
  const [password, setPassword] = useState('')
  const unlock = useUnlockShare(uniqueId)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (password === '' || unlock.isPending) return
    unlock.mutate(password, { onSuccess: () => setPassword('') })
  }

  const error = unlock.error
  const wait = retryAfterOf(error)
  const problem =
    wait !== null
      ? wait < 60
        ? t('unlock.tooMany_seconds', { count: wait })
        : t('unlock.tooMany_minutes', { count: Math.ceil(wait / 60) })
      : isApiError(error) && error.code === 'password_incorrect'
        ? t('unlock.wrong')
        : error
          ? t('unlock.failed')
          : null

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="share-locked">
      <Stack gap="lg">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconLock size={24} />
          </ThemeIcon>
          <Stack gap={4} miw={0}>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }} data-testid="share-title">
              {locked.transfer.title || t('share.untitled')}
            </Title>
            <Text c="dimmed" size="sm" data-testid="share-meta">
              {t('share.sentBy', { name: locked.sender.name })}
            </Text>
          </Stack>
        </Group>
        <Text>{t('unlock.intro')}</Text>
        <form onSubmit={submit}>
          <Stack gap="sm">
            <PasswordInput
              label={t('unlock.label')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="off"
              autoFocus
              visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
              data-testid="unlock-password"
            />
            {problem && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} />}
                role="alert"
                data-testid="unlock-error"
              >
                {problem}
              </Alert>
            )}
            <Button type="submit" loading={unlock.isPending} disabled={password === ''} data-testid="unlock-submit">
              {t('unlock.submit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  )
}
