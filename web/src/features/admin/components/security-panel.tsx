import { maxGraceDays, type TwoFactorPolicyResponse } from '@ferry/contracts/api/two-factor-policy'
import { Alert, Button, Center, Loader, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { adminErrorText, isAccessDenied } from '../admin-error-text.js'
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/admin-queries.js'
import { AccessDenied } from './access-denied.js'

/** The Security tab: "Require two-factor sign-in" for every account, with a grace period (issue 23 item 2). */
export function SecurityPanel() {
  const { t, i18n } = useTranslation('admin')
  const policy = useTwoFactorPolicy()

  if (policy.isError && isAccessDenied(policy.error)) return <AccessDenied />
  if (policy.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader type="dots" />
      </Center>
    )
  }
  if (policy.isError) {
    return (
      <ErrorAlert title={t('errorTitle')} onClose={() => void policy.refetch()}>
        {adminErrorText(i18n, policy.error, t('security.loadFailed'))}
      </ErrorAlert>
    )
  }
  // The form starts from what is stored; after a save it already shows what was stored.
  return <TwoFactorPolicyForm policy={policy.data} />
}

function TwoFactorPolicyForm({ policy }: { policy: TwoFactorPolicyResponse }) {
  const { t, i18n } = useTranslation('admin')
  const formatDate = useFormatDate()
  const save = useSetTwoFactorPolicy()
  const [required, setRequired] = useState(policy.required)
  const [graceDays, setGraceDays] = useState<number | string>(policy.grace_days)
  const [saved, setSaved] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSaved(false)
    save.mutate(
      { required, grace_days: typeof graceDays === 'number' ? graceDays : Number.NaN },
      { onSuccess: () => setSaved(true) },
    )
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="security-panel">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={560}>
          <Title order={2} fz="xl">
            {t('security.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('security.text')}
          </Text>
          <Switch
            label={t('security.require')}
            description={t('security.requireHint')}
            checked={required}
            onChange={(event) => setRequired(event.currentTarget.checked)}
          />
          <NumberInput
            label={t('security.graceDays')}
            description={t('security.graceDaysHint')}
            min={0}
            max={maxGraceDays}
            allowDecimal={false}
            allowNegative={false}
            value={graceDays}
            onChange={setGraceDays}
          />
          {policy.required && policy.required_since && (
            <Text size="sm" data-testid="two-factor-required-since">
              {t('security.requiredSince', { date: formatDate(policy.required_since) })}
            </Text>
          )}
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {adminErrorText(i18n, save.error, t('security.saveFailed'))}
            </Alert>
          )}
          {saved && !save.isPending && (
            <Text size="sm" c="green.8" role="status">
              {t('security.saved')}
            </Text>
          )}
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('security.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
