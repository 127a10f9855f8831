import { formatLocaleOf } from '@ferry/contracts/domain/languages'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { useActiveSessions, useSignOutSession } from '../api/sessions-api.js'

/** A country's name in the UI's language, from the browser's own data; null for `unknown`. */
function useCountryName() {
  const { i18n } = useTranslation()
  return (code: string): string | null => {
    if (code === 'unknown') return null
    try {
      const names = new Intl.DisplayNames([formatLocaleOf[currentLanguage(i18n)]], { type: 'region' })
      return names.of(code) ?? code
    } catch {
      return code
    }
  }
}

/**
 * "Where you are signed in" in the profile (issue 23 item 4, decision 0028): each session's
 * browser, approximate country, start and last use, "this device", and "sign out" for one or for
 * every other.
 */
export function SessionsListCard() {
  const { t, i18n } = useTranslation('account')
  const formatDate = useFormatDate()
  const countryName = useCountryName()
  const sessions = useActiveSessions()
  const signOut = useSignOutSession()
  const list = sessions.data?.sessions ?? []
  const others = list.filter((session) => !session.current)

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="active-sessions">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('sessions.title')}
        </Title>
        <Text size="sm">{t('sessions.text')}</Text>
        {signOut.error && <ErrorAlert onClose={signOut.reset}>{errorMessage(i18n, signOut.error)}</ErrorAlert>}
        {list.map((session) => {
          const place = countryName(session.country)
          const Icon = session.device === 'mobile' || session.device === 'tablet' ? IconDeviceMobile : IconDeviceDesktop
          return (
            <Group key={session.id} justify="space-between" wrap="nowrap" data-testid="active-session">
              <Stack gap={2}>
                <Group gap="xs">
                  <Icon size={18} aria-hidden />
                  <Text size="sm" fw={500}>
                    {session.label}
                  </Text>
                  {session.current && (
                    <Badge color="green" variant="light">
                      {t('sessions.thisDevice')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {[
                    place,
                    t('sessions.started', { date: formatDate(session.created_at) }),
                    t('sessions.lastSeen', { date: formatDate(session.last_seen_at) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              {!session.current && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconLogout size={16} />}
                  loading={signOut.isPending && signOut.variables === session.id}
                  onClick={() => signOut.mutate(session.id)}
                >
                  {t('sessions.signOut')}
                </Button>
              )}
            </Group>
          )
        })}
        {others.length > 0 && (
          <Group>
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} />}
              loading={signOut.isPending && signOut.variables === 'others'}
              onClick={() => signOut.mutate('others')}
            >
              {t('sessions.signOutOthers')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
