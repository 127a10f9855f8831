import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck, IconHome, IconRefresh } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatDate } from '../../../components/use-format-date.js'
import { paths } from '../../../lib/paths.js'
import { billingApi } from '../api/billing-api.js'

export interface RecoverySuccessViewProps {
  transferId: string | null
  sessionId: string | null
  /** Opens the recovered transfer (its share page). */
  onContinue(transferId: string): void
}

/**
 * /recovery-success (spec/transfers.md §2): confirms the recovery payment, then 'Continue to Transfer' and
 * 'Return Home'; a failure offers 'Try Again' and 'Return Home'.
 */
export function RecoverySuccessView({ transferId, sessionId, onContinue }: RecoverySuccessViewProps) {
  const { t } = useTranslation('billing')
  const formatDate = useFormatDate()
  const confirm = useMutation({
    mutationFn: ({ transfer, session }: { transfer: string; session: string }) =>
      billingApi.confirmRecovery(transfer, session),
  })
  const { mutate } = confirm
  const retry = () => transferId && sessionId && mutate({ transfer: transferId, session: sessionId })
  // biome-ignore lint/correctness/useExhaustiveDependencies: confirms once per pair of parameters
  useEffect(() => {
    retry()
  }, [transferId, sessionId])

  const home = (
    <Button component={Link} to={paths.home} variant="default" leftSection={<IconHome size={16} />}>
      {t('recovery.home')}
    </Button>
  )

  if (!transferId || !sessionId) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="recovery-error">
          {t('recovery.missingParams')}
        </Alert>
        {home}
      </Stack>
    )
  }
  if (confirm.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="recovery-error">
          {t('recovery.failed')}
        </Alert>
        <Group gap="sm">
          <Button leftSection={<IconRefresh size={16} />} onClick={retry}>
            {t('recovery.tryAgain')}
          </Button>
          {home}
        </Group>
      </Stack>
    )
  }
  if (!confirm.isSuccess) {
    return (
      <Center mih="40vh" aria-busy="true">
        <Stack align="center" gap="sm">
          <Loader type="dots" />
          <Text c="dimmed">{t('recovery.confirming')}</Text>
        </Stack>
      </Center>
    )
  }
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="recovery-success">
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('recovery.successTitle')}
        </Title>
        <Text>{t('recovery.successBody', { date: formatDate(confirm.data.expires_at) })}</Text>
        <Group gap="sm">
          <Button onClick={() => onContinue(confirm.data.transfer_id)}>{t('recovery.continue')}</Button>
          {home}
        </Group>
      </Stack>
    </Paper>
  )
}
