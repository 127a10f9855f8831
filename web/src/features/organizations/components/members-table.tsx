import type { Organization, OrganizationMember, OrganizationRole } from '@ferry/contracts/api/organizations'
import { Badge, Button, Center, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import { IconUserMinus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatNumber } from '../../../components/use-format-number.js'
import { useChangeMemberRole, useOrganizationMembers, useRemoveMember } from '../api/organizations-api.js'
import { organizationErrorMessage } from '../organization-errors.js'
import { assignableRoles, canRemove, canSeeUsage } from '../roles.js'
import { ConfirmModal } from './confirm-modal.js'

export interface MembersTableProps {
  organization: Organization
  /** The reader's own user id: their row says "you" and has no remove button (leaving is its own card). */
  myUserId: string
}

const displayName = (member: OrganizationMember) => member.name.trim() || member.email

/**
 * The members (issue 22 item 1): name, email, role and when they joined for everyone; each
 * member's usage for owner, admin and billing; a role select and a remove button for owner and
 * admin. Handing ownership over and removing someone both ask first.
 */
export function MembersTable({ organization, myUserId }: MembersTableProps) {
  const { t, i18n } = useTranslation('organizations')
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  const formatNumber = useFormatNumber()
  const members = useOrganizationMembers(organization.id)
  const changeRole = useChangeMemberRole(organization.id)
  const remove = useRemoveMember(organization.id)
  const [handingTo, setHandingTo] = useState<OrganizationMember | null>(null)
  const [removing, setRemoving] = useState<OrganizationMember | null>(null)
  const myRole = organization.my_role

  const pickRole = (member: OrganizationMember, role: OrganizationRole) => {
    if (role === member.role) return
    if (role === 'owner') setHandingTo(member)
    else changeRole.mutate({ userId: member.user_id, role })
  }
  const closeHandOver = () => {
    setHandingTo(null)
    changeRole.reset()
  }
  const closeRemove = () => {
    setRemoving(null)
    remove.reset()
  }

  const columns: ResponsiveColumn<OrganizationMember>[] = [
    {
      key: 'name',
      label: t('members.name'),
      card: 'title',
      cell: (member) => (
        <Text size="sm" fw={500} data-testid="member-name">
          {displayName(member)}
          {member.user_id === myUserId && (
            <Text span c="dimmed" size="sm">
              {' '}
              ({t('members.you')})
            </Text>
          )}
        </Text>
      ),
    },
    { key: 'email', label: t('members.email'), cell: (member) => member.email },
    {
      key: 'role',
      label: t('members.role'),
      cell: (member) => {
        const roles = member.user_id === myUserId ? [] : assignableRoles(myRole, member.role)
        if (roles.length === 0)
          return (
            <Badge variant="light" data-testid="member-role">
              {t(`roles.${member.role}`)}
            </Badge>
          )
        return (
          <NativeSelect
            size="xs"
            aria-label={t('members.roleOf', { name: displayName(member) })}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => pickRole(member, event.currentTarget.value as OrganizationRole)}
            data={[member.role, ...roles.filter((role) => role !== member.role)].map((role) => ({
              value: role,
              label: t(`roles.${role}`),
            }))}
            data-testid="member-role-select"
          />
        )
      },
    },
    { key: 'joined', label: t('members.joined'), cell: (member) => formatDate(member.joined_at, 'date') },
  ]
  if (canSeeUsage(myRole)) {
    columns.push(
      {
        key: 'transfers',
        label: t('members.transfers'),
        cell: (member) => (member.usage ? formatNumber(member.usage.transfers) : '—'),
        tdProps: { 'data-testid': 'member-usage-transfers' },
      },
      {
        key: 'stored',
        label: t('members.stored'),
        cell: (member) => (member.usage ? formatSize(member.usage.bytes_stored) : '—'),
        tdProps: { 'data-testid': 'member-usage-stored' },
      },
      {
        key: 'monthly',
        label: t('members.monthly'),
        cell: (member) => (member.usage ? formatSize(member.usage.monthly_bytes) : '—'),
        tdProps: { 'data-testid': 'member-usage-monthly' },
      },
    )
  }
  if (myRole === 'owner' || myRole === 'admin') {
    columns.push({
      key: 'actions',
      label: t('members.actions'),
      card: 'actions',
      cell: (member) =>
        member.user_id !== myUserId && canRemove(myRole, member.role) ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconUserMinus size={14} />}
            aria-label={t('members.removeOf', { name: displayName(member) })}
            onClick={() => setRemoving(member)}
          >
            {t('members.remove')}
          </Button>
        ) : null,
    })
  }

  const list = members.data?.members ?? []
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="organization-members">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('members.title')}
        </Title>
        {members.isPending && (
          <Center aria-busy="true">
            <Loader role="status" type="dots" aria-label={t('loading')} />
          </Center>
        )}
        {members.isError && (
          <ErrorAlert onClose={() => void members.refetch()}>
            {organizationErrorMessage(i18n, members.error)}
          </ErrorAlert>
        )}
        {changeRole.isError && handingTo === null && (
          <ErrorAlert onClose={changeRole.reset} data-testid="member-role-error">
            {organizationErrorMessage(i18n, changeRole.error)}
          </ErrorAlert>
        )}
        {members.data && list.length === 0 && <Text c="dimmed">{t('members.empty')}</Text>}
        {list.length > 0 && (
          <ResponsiveTable
            rows={list}
            columns={columns}
            rowKey={(member) => member.user_id}
            rowAttributes={(member) => ({ 'data-testid': 'member-row', 'data-email': member.email })}
            label={t('members.title')}
            minWidth={640}
            tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'sm' }}
          />
        )}
      </Stack>

      <ConfirmModal
        opened={handingTo !== null}
        title={t('members.ownerTitle')}
        text={t('members.ownerText', {
          name: handingTo ? displayName(handingTo) : '',
          organization: organization.name,
        })}
        confirmLabel={t('members.ownerConfirm')}
        color="orange"
        pending={changeRole.isPending}
        error={changeRole.isError ? organizationErrorMessage(i18n, changeRole.error) : null}
        onConfirm={() =>
          handingTo &&
          changeRole.mutate({ userId: handingTo.user_id, role: 'owner' }, { onSuccess: () => setHandingTo(null) })
        }
        onClose={closeHandOver}
        testId="member-owner-confirm"
      />
      <ConfirmModal
        opened={removing !== null}
        title={t('members.removeTitle')}
        text={t('members.removeText', { name: removing ? displayName(removing) : '' })}
        confirmLabel={t('members.removeConfirm')}
        color="red"
        pending={remove.isPending}
        error={remove.isError ? organizationErrorMessage(i18n, remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing.user_id, { onSuccess: () => setRemoving(null) })}
        onClose={closeRemove}
        testId="member-remove-confirm"
      />
    </Paper>
  )
}
