import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck, IconUsersPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAcceptInvitation, useInvitationPreview } from '../api/organizations-api.js'
import { organizationErrorMessage } from '../organization-errors.js'

export interface JoinInvitationViewProps {
  /** The token from the link's fragment ('' when the link carried none). */
  token: string
  /** The signed-in user's email, or null for a visitor. */
  signedInEmail: string | null
  /** Sign-in and sign-up pages that come back here afterwards. */
  loginTo: string
  registerTo: string
  /** Where the joined member goes: the organization page. */
  organizationTo: string
  /** Called once the invitation is accepted (the page moves on to the organization). */
  onJoined?(): void
}

/**
 * /organization/join#token=… (issue 22 item 1): who invites to which organization and as what;
 * a visitor signs in or up first and comes back; Accept joins. Opening the page spends nothing
 * (inspect only reads), so mail scanners cannot use the invitation up.
 */
export function JoinInvitationView({
  token,
  signedInEmail,
  loginTo,
  registerTo,
  organizationTo,
  onJoined,
}: JoinInvitationViewProps) {
  const { t, i18n } = useTranslation('organizations')
  const preview = useInvitationPreview(token)
  const accept = useAcceptInvitation()

  let body: ReactNode
  if (token === '') {
    body = <Problem testId="join-missing-token">{t('join.missingToken')}</Problem>
  } else if (preview.isPending) {
    body = (
      <Center aria-busy="true" py="md">
        <Loader role="status" type="dots" aria-label={t('join.checking')} />
      </Center>
    )
  } else if (preview.isError) {
    body = <Problem testId="join-error">{organizationErrorMessage(i18n, preview.error)}</Problem>
  } else if (accept.isSuccess) {
    body = (
      <Stack align="center" gap="sm" data-testid="join-done">
        <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
        <Text fw={700} fz="lg">
          {t('join.joined', { organization: preview.data.organization_name })}
        </Text>
        <Text ta="center">{t('join.joinedText')}</Text>
        <Button component={Link} to={organizationTo}>
          {t('join.openOrganization')}
        </Button>
      </Stack>
    )
  } else {
    const invitation = preview.data
    body = (
      <Stack gap="md">
        <Text fz="lg" data-testid="join-invitation">
          {t('join.invited', {
            inviter: invitation.inviter_name,
            organization: invitation.organization_name,
            role: t(`roles.${invitation.role}`),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('join.sentTo', { email: invitation.email })}
        </Text>
        {signedInEmail === null ? (
          <>
            <Text size="sm">{t('join.signInFirst')}</Text>
            <Group gap="sm">
              <Button component={Link} to={loginTo}>
                {t('join.signIn')}
              </Button>
              <Button component={Link} to={registerTo} variant="default">
                {t('join.signUp')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{t('join.signedInAs', { email: signedInEmail })}</Text>
            {accept.isError && (
              <Problem testId="join-accept-error">{organizationErrorMessage(i18n, accept.error)}</Problem>
            )}
            <Button
              w="fit-content"
              leftSection={<IconUsersPlus size={16} />}
              loading={accept.isPending}
              onClick={() => accept.mutate(token, { onSuccess: () => onJoined?.() })}
            >
              {t('join.accept')}
            </Button>
          </>
        )}
      </Stack>
    )
  }

  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('join.title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  )
}

function Problem({ testId, children }: { testId: string; children: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
      {children}
    </Alert>
  )
}
