import { Alert, Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck, IconClockX, IconFileSearch, IconLock } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export function UploadRequestLoading() {
  return (
    <Center mih="40vh" aria-busy="true" data-testid="upload-request-loading">
      <Loader />
    </Center>
  )
}

/** The red 'Upload Error' alert of the page's load. */
export function UploadRequestError({ message }: { message: string }) {
  const { t } = useTranslation('requestLinks')
  return (
    <Alert
      color="red"
      variant="light"
      title={t('page.errors.title')}
      icon={<IconAlertCircle size={20} />}
      data-testid="upload-request-error"
    >
      {message}
    </Alert>
  )
}

interface NoticeProps {
  icon: ReactNode
  color: string
  title: string
  message: string
  testId: string
  homeTo?: string
  extra?: ReactNode
}

/** A centred notice: not found, completed, expired, or done. */
export function UploadRequestNotice({ icon, color, title, message, testId, homeTo, extra }: NoticeProps) {
  const { t } = useTranslation('requestLinks')
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Text c="dimmed" maw={440}>
          {message}
        </Text>
        {extra}
        {homeTo && (
          <Button component={Link} to={homeTo} mt={extra ? 0 : 'sm'}>
            {t('page.goHome')}
          </Button>
        )}
      </Stack>
    </Paper>
  )
}

export function RequestNotFound() {
  const { t } = useTranslation('requestLinks')
  return (
    <UploadRequestNotice
      icon={<IconFileSearch size={30} />}
      color="gray"
      title={t('page.notFound.title')}
      message={t('page.notFound.message')}
      testId="request-not-found"
    />
  )
}

export function RequestCompleted() {
  const { t } = useTranslation('requestLinks')
  return (
    <UploadRequestNotice
      icon={<IconLock size={30} />}
      color="blue"
      title={t('page.completed.title')}
      message={t('page.completed.message')}
      testId="request-completed"
    />
  )
}

export function RequestExpired({ date }: { date: string }) {
  const { t } = useTranslation('requestLinks')
  return (
    <UploadRequestNotice
      icon={<IconClockX size={30} />}
      color="orange"
      title={t('page.expired.title')}
      message={t('page.expired.message', { date })}
      testId="request-expired"
    />
  )
}

export function RequestClosed() {
  const { t } = useTranslation('requestLinks')
  return (
    <UploadRequestNotice
      icon={<IconLock size={30} />}
      color="gray"
      title={t('page.closed.title')}
      message={t('page.closed.message')}
      testId="request-closed"
    />
  )
}

/** After an upload; a link that stays open offers to send more (the page loads afresh, with the link's new limits). */
export function UploadDone({ homeTo, more }: { homeTo: string; more: boolean }) {
  const { t } = useTranslation('requestLinks')
  return (
    <UploadRequestNotice
      icon={<IconCircleCheck size={30} />}
      color="green"
      title={t('done.title')}
      message={t('done.message')}
      testId="upload-complete"
      homeTo={homeTo}
      extra={
        more ? (
          <Button variant="light" mt="sm" onClick={() => window.location.reload()} data-testid="upload-more">
            {t('done.more')}
          </Button>
        ) : undefined
      }
    />
  )
}
