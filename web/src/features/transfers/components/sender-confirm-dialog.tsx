import { senderCodeLength, senderCodeResendSeconds } from '@ferry/contracts/api/sender-confirmation'
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../lib/error-message.js'
import { useConfirmSender, useSendSenderCode } from '../api/sender-confirmation-api.js'

export interface SenderConfirmDialogProps {
  opened: boolean
  /** The account's address, where the code went. */
  email: string
  /** When the last code was asked for (the dialog's resend waits a minute from then). */
  codeSentAt: number
  onConfirmed(): void
  onCancel(): void
}

/**
 * Verified senders (issue 18 item 7): on a plan that asks for it, the first send from a browser
 * waits for the 6-digit code emailed to the account's address; uploads carry on meanwhile, and
 * once the code is confirmed the send finishes with them.
 */
export function SenderConfirmDialog({ opened, email, codeSentAt, onConfirmed, onCancel }: SenderConfirmDialogProps) {
  const { t, i18n } = useTranslation('transfers')
  const confirm = useConfirmSender()
  const resend = useSendSenderCode()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [resent, setResent] = useState(false)
  const [sentAt, setSentAt] = useState(codeSentAt)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (opened) {
      setSentAt(codeSentAt)
      setCode('')
      setError(null)
      setResent(false)
    }
  }, [opened, codeSentAt])

  const waitSeconds = Math.max(0, Math.ceil((sentAt + senderCodeResendSeconds * 1000 - now) / 1000))
  useEffect(() => {
    if (!opened || waitSeconds === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [opened, waitSeconds])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    const digits = code.replace(/\s+/g, '')
    if (!new RegExp(`^\\d{${senderCodeLength}}$`).test(digits)) return setError(t('senderConfirm.codeInvalid'))
    confirm.mutate(digits, { onSuccess: onConfirmed, onError: (e) => setError(errorMessage(i18n, e)) })
  }
  const onResend = () => {
    setError(null)
    setResent(false)
    resend.mutate(undefined, {
      onSuccess: () => {
        setResent(true)
        setSentAt(Date.now())
        setNow(Date.now())
      },
      onError: (e) => setError(errorMessage(i18n, e)),
    })
  }

  return (
    <Modal opened={opened} onClose={onCancel} title={t('senderConfirm.title')} centered radius="lg">
      <form onSubmit={onSubmit} noValidate data-testid="sender-confirm">
        <Stack gap="md">
          <Text size="sm">{t('senderConfirm.intro', { email })}</Text>
          <Text size="sm" c="dimmed">
            {t('senderConfirm.filesKept')}
          </Text>
          <TextInput
            label={t('senderConfirm.codeLabel')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            data-autofocus
            data-testid="sender-code"
          />
          {resent && (
            <Text size="sm" c="green.8" role="status" data-testid="sender-code-resent">
              {t('senderConfirm.resent', { email })}
            </Text>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="sender-confirm-error">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={onResend}
              disabled={waitSeconds > 0}
              loading={resend.isPending}
              data-testid="sender-code-resend"
            >
              {waitSeconds > 0 ? t('senderConfirm.resendIn', { count: waitSeconds }) : t('senderConfirm.resend')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onCancel}>
                {t('senderConfirm.cancel')}
              </Button>
              <Button type="submit" loading={confirm.isPending} data-testid="sender-code-submit">
                {t('senderConfirm.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
