import { planIds } from '@ferry/contracts/api/plans'
import { Alert, Avatar, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatDate } from '../../components/use-format-date.js'
import {
  AccountSettingsCard,
  ApiKeysCard,
  DataDownloadCard,
  DeleteAccountCard,
  PasskeysCard,
  SessionsListCard,
  SshKeysCard,
  TwoFactorCard,
  WebhooksCard,
} from '../../features/account/index.js'
import { LogoutAllCard, useSession } from '../../features/auth/index.js'
import { CurrentPlanCard, SubscriptionDetailsCard, useMyPlan } from '../../features/billing/index.js'
import { usePlans } from '../../features/plans/index.js'
import { InviteEarnCard } from '../../features/referrals/index.js'
import { errorMessage } from '../../lib/error-message.js'
import { loginPath, paths } from '../../lib/paths.js'

const roleColors: Record<string, string> = { ADMIN: 'red', PREMIUM: 'violet', FREE: 'gray' }

/**
 * /profile (spec/accounts.md §2), behind RequireAuth: who is signed in, their plan, subscription,
 * referral codes, the account's settings (product.md §23), logging out of all devices
 * (product.md §15), API keys for scripts (issue 20), downloading the account's data and deleting it.
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation(['common', 'billing'])
  const formatDate = useFormatDate()
  const { user } = useSession()
  const myPlan = useMyPlan(user?.id ?? null)
  // spec/accounts.md §8: when the plan cannot be loaded, the page falls back to the Guest plan.
  const plans = usePlans(myPlan.isError)
  useDocumentTitle(`${t('profile.title')} · ${t('brand')}`)
  if (!user) {
    return (
      <Container size={720} py="xl">
        <Stack align="center" gap="md">
          <Text>{t('profile.notLoggedIn', { ns: 'billing' })}</Text>
          <Button component={Link} to={loginPath(paths.profile)}>
            {t('profile.goToLogin', { ns: 'billing' })}
          </Button>
        </Stack>
      </Container>
    )
  }
  const role = user.role.toUpperCase()
  const name = user.name?.trim() || user.email
  const plan = myPlan.data?.plan ?? (myPlan.isError ? plans.data?.find((p) => p.id === planIds.guest) : undefined)
  return (
    <Container size={720} py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Title order={1} mb="lg">
        {t('profile.title')}
      </Title>
      <Stack gap="lg">
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Group gap="lg" wrap="nowrap" align="center">
            <Avatar size={72} radius="xl" color="initials" name={name} src={user.picture || undefined} alt="" />
            <Stack gap={4} miw={0}>
              <Group gap="sm">
                <Text fw={700} fz="xl" truncate data-testid="profile-name">
                  {name}
                </Text>
                <Badge color={roleColors[role] ?? 'gray'} variant="light" data-testid="profile-role">
                  {role === 'ADMIN' || role === 'PREMIUM' || role === 'FREE' ? t(`profile.roles.${role}`) : user.role}
                </Badge>
              </Group>
              <Text c="dimmed" truncate data-testid="profile-email">
                {user.email}
              </Text>
              {user.created_at && (
                <Text size="sm" c="dimmed" data-testid="profile-member-since">
                  {t('profile.memberSince', { ns: 'billing', date: formatDate(user.created_at, 'date') })}
                </Text>
              )}
            </Stack>
          </Group>
        </Paper>
        {myPlan.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="profile-plan-error">
            {t('profile.planLoadFailed', { ns: 'billing', message: errorMessage(i18n, myPlan.error) })}
          </Alert>
        )}
        {plan && (
          <CurrentPlanCard
            plan={plan}
            isTrial={myPlan.data?.is_trial ?? false}
            subscription={myPlan.data?.subscription ?? null}
          />
        )}
        {myPlan.data && <SubscriptionDetailsCard subscription={myPlan.data.subscription} />}
        <InviteEarnCard userId={user.id} allowsPayouts={plan?.allows_payouts ?? false} />
        {/* Sign-in and security (issue 23 item 4): everything that decides who can sign in as you. */}
        <Stack gap="lg" component="section" aria-labelledby="sign-in-and-security" data-testid="sign-in-and-security">
          <Stack gap={4}>
            <Title order={2} fz="h3" id="sign-in-and-security">
              {t('security.title', { ns: 'account' })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('security.text', { ns: 'account' })}
            </Text>
          </Stack>
          <AccountSettingsCard />
          <TwoFactorCard />
          <PasskeysCard />
          <SessionsListCard />
          <LogoutAllCard />
        </Stack>
        <ApiKeysCard />
        {plan?.sftp_download && <SshKeysCard />}
        <WebhooksCard />
        <DataDownloadCard />
        <DeleteAccountCard />
      </Stack>
    </Container>
  )
}
