import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconShieldLock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PasskeysCard, TwoFactorCard, useTwoFactorRequirement } from '../../features/account/index.js'
import { useLogout } from '../../features/auth/index.js'
import { paths } from '../../lib/paths.js'

/**
 * /account/two-factor (issue 23 item 2): where every page sends an account that must set up
 * two-factor sign-in, now that the admin's grace period ended. Only the authenticator app and
 * passkeys are here, the routes the server still opens to it; once one is set up, Ferry is open.
 */
export function TwoFactorSetupPage() {
  const { t } = useTranslation(['account', 'common'])
  const requirement = useTwoFactorRequirement(true)
  const logout = useLogout()
  useDocumentTitle(`${t('twoFactorRequired.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  const data = requirement.data
  const done = !data?.required || data.enrolled

  return (
    <Container size={720} py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1}>{t('twoFactorRequired.pageTitle')}</Title>
        {done ? (
          <Alert color="green" variant="light" icon={<IconShieldLock size={20} />} data-testid="two-factor-setup-done">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('twoFactorRequired.done')}</Text>
              <Button component={Link} to={paths.home}>
                {t('twoFactorRequired.continue')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Alert color="orange" variant="light" icon={<IconShieldLock size={20} />}>
            <Text size="sm">
              {data?.days_left === 0 ? t('twoFactorRequired.pageTextOver') : t('twoFactorRequired.pageText')}
            </Text>
          </Alert>
        )}
        <TwoFactorCard />
        <PasskeysCard />
        <Group>
          <Button variant="subtle" color="gray" onClick={() => void logout()}>
            {t('twoFactorRequired.signOut')}
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}
