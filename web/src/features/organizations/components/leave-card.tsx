import type { Organization } from '@ferry/contracts/api/organizations'
import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDoorExit } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRemoveMember } from '../api/organizations-api.js'
import { organizationErrorMessage } from '../organization-errors.js'
import { ConfirmModal } from './confirm-modal.js'

export interface LeaveCardProps {
  organization: Organization
  myUserId: string
}

/** "Leave organization" (removing oneself) for anyone but the owner, who is told to hand it over first. */
export function LeaveCard({ organization, myUserId }: LeaveCardProps) {
  const { t, i18n } = useTranslation('organizations')
  const leave = useRemoveMember(organization.id)
  const [confirming, setConfirming] = useState(false)
  const close = () => {
    setConfirming(false)
    leave.reset()
  }
  const isOwner = organization.my_role === 'owner'
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="organization-leave">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('leave.title')}
        </Title>
        {isOwner ? (
          <Text size="sm" c="dimmed">
            {t('leave.ownerNote')}
          </Text>
        ) : (
          <>
            <Text size="sm">{t('leave.text')}</Text>
            <Button
              color="red"
              variant="light"
              w="fit-content"
              leftSection={<IconDoorExit size={16} />}
              onClick={() => setConfirming(true)}
            >
              {t('leave.button')}
            </Button>
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('leave.confirmTitle', { organization: organization.name })}
        text={t('leave.confirmText')}
        confirmLabel={t('leave.confirm')}
        color="red"
        pending={leave.isPending}
        error={leave.isError ? organizationErrorMessage(i18n, leave.error) : null}
        onConfirm={() => leave.mutate(myUserId, { onSuccess: () => setConfirming(false) })}
        onClose={close}
        testId="organization-leave-confirm"
      />
    </Paper>
  )
}
