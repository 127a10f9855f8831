import type { TotpEnrolmentResponse } from '@ferry/contracts/api/two-factor'
import { Badge, Button, Code, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { QrCode } from '../../../components/qr-code.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import {
  useConfirmTotp,
  useDisableTotp,
  useEnrolTotp,
  useForgetDevice,
  useRegenerateRecoveryCodes,
  useRememberedDevices,
  useTwoFactorStatus,
} from '../api/two-factor-api.js'
import { RecoveryCodesPanel } from './recovery-codes-panel.js'

/**
 * "Two-factor sign-in" in the profile's sign-in and security settings (issue 23 item 2): set up an
 * authenticator app from a QR code drawn here (or its secret typed), confirm with a first code,
 * save the recovery codes shown once; later new codes, turning it off, and remembered browsers.
 */
export function TwoFactorCard() {
  const { t, i18n } = useTranslation('account')
  const status = useTwoFactorStatus()
  const enrol = useEnrolTotp()
  const confirm = useConfirmTotp()
  const disable = useDisableTotp()
  const regenerate = useRegenerateRecoveryCodes()
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse | null>(null)
  const [code, setCode] = useState('')
  const [codes, setCodes] = useState<string[] | null>(null)
  const [proof, setProof] = useState('')
  const enabled = status.data?.enabled ?? false
  const formatDate = useFormatDate()

  const start = () =>
    enrol.mutate(undefined, {
      onSuccess: (answer) => {
        setEnrolment(answer)
        setCode('')
      },
    })
  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    confirm.mutate(code.replace(/\s+/g, ''), {
      onSuccess: ({ recovery_codes }) => {
        setEnrolment(null)
        setCodes(recovery_codes)
      },
    })
  }
  const withProof = (action: typeof disable | typeof regenerate) => () =>
    action.mutate(proof, {
      onSuccess: (answer) => {
        setProof('')
        if (answer && 'recovery_codes' in answer) setCodes(answer.recovery_codes)
      },
    })
  const failure = enrol.error ?? confirm.error ?? disable.error ?? regenerate.error

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="two-factor">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('twoFactor.title')}
          </Title>
          {status.data && (
            <Badge color={enabled ? 'green' : 'gray'} data-testid="two-factor-state">
              {t(enabled ? 'twoFactor.on' : 'twoFactor.off')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{t('twoFactor.text')}</Text>
        {failure && (
          <ErrorAlert
            onClose={() => {
              for (const mutation of [enrol, confirm, disable, regenerate]) mutation.reset()
            }}
          >
            {errorMessage(i18n, failure)}
          </ErrorAlert>
        )}
        {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
        {!enabled && !enrolment && (
          <Group>
            <Button onClick={start} loading={enrol.isPending}>
              {t('twoFactor.setUp')}
            </Button>
          </Group>
        )}
        {!enabled && enrolment && (
          <form onSubmit={submitCode} noValidate data-testid="two-factor-enrolment">
            <Stack gap="sm">
              <Text size="sm">{t('twoFactor.scan')}</Text>
              <QrCode value={enrolment.otpauth_url} label={t('twoFactor.qrLabel')} size={180} />
              <Text size="sm">{t('twoFactor.secretText')}</Text>
              <Code data-testid="two-factor-secret" style={{ overflowWrap: 'anywhere' }}>
                {enrolment.secret}
              </Code>
              <TextInput
                label={t('twoFactor.codeLabel')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={10}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
              <Group>
                <Button type="submit" loading={confirm.isPending}>
                  {t('twoFactor.turnOn')}
                </Button>
                <Button variant="subtle" onClick={() => setEnrolment(null)}>
                  {t('twoFactor.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {enabled && status.data && (
          <Stack gap="sm">
            <Text size="sm" data-testid="two-factor-summary">
              {t('twoFactor.summary', {
                date: status.data.enabled_at ? formatDate(status.data.enabled_at) : '',
                count: status.data.recovery_codes_left,
              })}
            </Text>
            <PasswordInput
              label={t('twoFactor.proofLabel')}
              description={t('twoFactor.proofHint')}
              value={proof}
              onChange={(event) => setProof(event.currentTarget.value)}
              autoComplete="current-password"
            />
            <Group>
              <Button
                variant="default"
                onClick={withProof(regenerate)}
                loading={regenerate.isPending}
                disabled={!proof}
              >
                {t('twoFactor.newCodes')}
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={withProof(disable)}
                loading={disable.isPending}
                disabled={!proof}
              >
                {t('twoFactor.turnOff')}
              </Button>
            </Group>
            <RememberedDevices />
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}

/** Browsers that skip the second step for 30 days, each to forget. */
function RememberedDevices() {
  const { t, i18n } = useTranslation('account')
  const formatDate = useFormatDate()
  const devices = useRememberedDevices(true)
  const forget = useForgetDevice()
  const list = devices.data?.devices ?? []
  return (
    <Stack gap="xs" data-testid="remembered-devices">
      <Title order={3} fz="h5">
        {t('twoFactor.devicesTitle')}
      </Title>
      {forget.error && <ErrorAlert onClose={forget.reset}>{errorMessage(i18n, forget.error)}</ErrorAlert>}
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('twoFactor.noDevices')}
        </Text>
      )}
      {list.map((device) => (
        <Group key={device.id} justify="space-between" data-testid="remembered-device">
          <Text size="sm">
            {device.label}
            {device.current && ` · ${t('twoFactor.thisDevice')}`}
            <Text span size="xs" c="dimmed">
              {' '}
              {t('twoFactor.deviceUntil', { date: formatDate(device.expires_at) })}
            </Text>
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} />}
            onClick={() => forget.mutate(device.id)}
          >
            {t('twoFactor.forget')}
          </Button>
        </Group>
      ))}
      {list.length > 1 && (
        <Group>
          <Button variant="subtle" color="red" size="xs" onClick={() => forget.mutate('all')}>
            {t('twoFactor.forgetAll')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
