import type { InvitableRole, Organization } from '@ferry/contracts/api/organizations'
import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconMailForward, IconX } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useInvite, useOrganizationInvitations, useRevokeInvitation } from '../api/organizations-api.js'
import { organizationErrorMessage } from '../organization-errors.js'

const invitationRoles: readonly InvitableRole[] = ['member', 'admin', 'billing']

/** Owner and admin: invite by email with a role, and the invitations still waiting, each revocable. */
export function InvitationsCard({ organization }: { organization: Organization }) {
  const { t, i18n } = useTranslation('organizations')
  const formatDate = useFormatDate()
  const invitations = useOrganizationInvitations(organization.id, true)
  const invite = useInvite(organization.id)
  const revoke = useRevokeInvitation(organization.id)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<InvitableRole>('member')
  const [sentTo, setSentTo] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim()
    if (!address) return
    setSentTo(null)
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (created) => {
          setSentTo(created.email)
          setEmail('')
        },
      },
    )
  }

  const pending = invitations.data?.invitations ?? []
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="organization-invitations">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('invite.title')}
        </Title>
        <Text size="sm">{t('invite.text')}</Text>
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('invite.emailLabel')}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              maxLength={254}
              required
              style={{ flex: 1, minWidth: 220 }}
              data-testid="invite-email-input"
            />
            <NativeSelect
              label={t('invite.roleLabel')}
              value={role}
              onChange={(event) => setRole(event.currentTarget.value as InvitableRole)}
              data={invitationRoles.map((value) => ({ value, label: t(`roles.${value}`) }))}
              data-testid="invite-role-select"
            />
            <Button
              type="submit"
              leftSection={<IconMailForward size={16} />}
              loading={invite.isPending}
              disabled={email.trim() === ''}
            >
              {t('invite.submit')}
            </Button>
          </Group>
        </form>
        {invite.isError && (
          <ErrorAlert onClose={invite.reset} data-testid="invite-error">
            {organizationErrorMessage(i18n, invite.error)}
          </ErrorAlert>
        )}
        {sentTo && (
          <Alert color="green" variant="light" role="status" data-testid="invite-sent">
            {t('invite.sent', { email: sentTo })}
          </Alert>
        )}

        <Title order={3} fz="h5">
          {t('invite.pendingTitle')}
        </Title>
        {invitations.isError && (
          <ErrorAlert onClose={() => void invitations.refetch()}>
            {organizationErrorMessage(i18n, invitations.error)}
          </ErrorAlert>
        )}
        {revoke.isError && (
          <ErrorAlert onClose={revoke.reset}>{organizationErrorMessage(i18n, revoke.error)}</ErrorAlert>
        )}
        {invitations.data && pending.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="invitations-empty">
            {t('invite.pendingEmpty')}
          </Text>
        )}
        {pending.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {pending.map((invitation) => (
              <Paper component="li" key={invitation.id} withBorder radius="md" p="sm" data-testid="invitation-row">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Group gap="xs">
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {invitation.email}
                      </Text>
                      <Badge variant="light" size="sm">
                        {t(`roles.${invitation.role}`)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('invite.expires', { date: formatDate(invitation.expires_at) })}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconX size={14} />}
                    aria-label={t('invite.revokeOf', { email: invitation.email })}
                    loading={revoke.isPending && revoke.variables === invitation.id}
                    onClick={() => revoke.mutate(invitation.id)}
                  >
                    {t('invite.revoke')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}
