import type { ShareLockedResponse } from '@ferry/contracts/api/transfers'
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core'
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-error.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useConfirmShareVerification, useRequestShareVerification } from '../api/transfer-queries.js'

/** Seconds between two code emails to one address (the server's one-a-minute rule). */
const resendSeconds = 60

export interface ShareVerifyProps {
  uniqueId: string
  /** What the locked share record says: the title and the sender's name, nothing more. */
  locked: Pick<ShareLockedResponse, 'transfer' | 'sender'>
}

/** Seconds a 429 asks to wait (its body's `retry_after_seconds`), when it says. */
function retryAfterOf(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null
  const seconds = (error.body as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds
  return typeof seconds === 'number' && seconds > 0 ? seconds : null
}

/**
 * The share page of a transfer open only to its recipients (issue 18 item 3): the title and who
 * sent it, then the visitor's address, then the 6-digit code emailed to it (with a resend that
 * waits out the minute). The answer never says whether the address is a recipient's; the grant
 * comes back as an httpOnly cookie for this transfer only, and the share record is read again.
 */
export function ShareVerify({ uniqueId, locked }: ShareVerifyProps) {
  const { t, i18n } = useTranslation('transfers')
  const ask = useRequestShareVerification(uniqueId)
  const confirm = useConfirmShareVerification(uniqueId)
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [problem, setProblem] = useState<string | null>(null)
  const [resent, setResent] = useState(false)
  const [nextSendAt, setNextSendAt] = useState(0)
  const [now, setNow] = useState(() => Date.now())

  const waitSeconds = Math.max(0, Math.ceil((nextSendAt - now) / 1000))
  useEffect(() => {
    if (step !== 'code' || waitSeconds === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [step, waitSeconds])

  const sendCode = (onSent: () => void) => {
    setProblem(null)
    ask.mutate(email.trim(), {
      onSuccess: () => {
        setNextSendAt(Date.now() + resendSeconds * 1000)
        setNow(Date.now())
        onSent()
      },
      onError: (error) => {
        const wait = retryAfterOf(error)
        // A code went out less than a minute ago (or three this hour): the last one is typed.
        if (wait !== null && isApiError(error) && error.code === 'verification_code_too_soon') {
          setNextSendAt(Date.now() + wait * 1000)
          setNow(Date.now())
          setStep('code')
          return
        }
        setProblem(errorMessage(i18n, error))
      },
    })
  }

  const submitEmail = (event: FormEvent) => {
    event.preventDefault()
    if (email.trim() === '' || ask.isPending) return
    sendCode(() => setStep('code'))
  }

  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    setResent(false)
    const digits = code.replace(/\s+/g, '')
    if (!/^\d{6}$/.test(digits)) return setProblem(t('verify.codeInvalid'))
    confirm.mutate(
      { email: email.trim(), code: digits },
      {
        onError: (error) =>
          setProblem(
            isApiError(error) && error.code === 'verification_code_incorrect'
              ? t('verify.wrong')
              : errorMessage(i18n, error),
          ),
      },
    )
  }

  const anotherAddress = () => {
    setStep('email')
    setCode('')
    setProblem(null)
    setResent(false)
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="share-verify">
      <Stack gap="lg">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconMailCheck size={24} />
          </ThemeIcon>
          <Stack gap={4} miw={0}>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }} data-testid="share-title">
              {locked.transfer.title || t('share.untitled')}
            </Title>
            <Text c="dimmed" size="sm" data-testid="share-meta">
              {t('share.sentBy', { name: locked.sender.name })}
            </Text>
          </Stack>
        </Group>
        {step === 'email' ? (
          <form onSubmit={submitEmail} noValidate>
            <Stack gap="sm">
              <Text>{t('verify.intro')}</Text>
              <TextInput
                label={t('verify.emailLabel')}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                autoComplete="email"
                autoFocus
                data-testid="verify-email"
              />
              {problem && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {problem}
                </Alert>
              )}
              <Button type="submit" loading={ask.isPending} disabled={email.trim() === ''} data-testid="verify-send">
                {t('verify.send')}
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={submitCode} noValidate>
            <Stack gap="sm">
              <Text data-testid="verify-sent">{t('verify.sent', { email: email.trim() })}</Text>
              <TextInput
                label={t('verify.codeLabel')}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                autoFocus
                data-testid="verify-code"
              />
              {resent && (
                <Text size="sm" c="green.8" role="status">
                  {t('verify.resent', { email: email.trim() })}
                </Text>
              )}
              {problem && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {problem}
                </Alert>
              )}
              <Button type="submit" loading={confirm.isPending} data-testid="verify-submit">
                {t('verify.submit')}
              </Button>
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  onClick={() => sendCode(() => setResent(true))}
                  disabled={waitSeconds > 0}
                  loading={ask.isPending}
                  data-testid="verify-resend"
                >
                  {waitSeconds > 0 ? t('verify.resendIn', { count: waitSeconds }) : t('verify.resend')}
                </Button>
                <Anchor component="button" type="button" size="sm" onClick={anotherAddress}>
                  {t('verify.another')}
                </Anchor>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  )
}
