import { Alert, Paper, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react'
import type { ReactNode } from 'react'

export interface EmailedLinkPageProps {
  title: string
  /** The link carried no token: this message replaces everything else. */
  missingToken: string | null
  /** Once the link has been used: what happened and the way on. */
  done: { title: string; text: string; action: ReactNode; testId: string } | null
  /** The step that uses the link (a button or a form), shown until it is done. */
  children: ReactNode
}

/**
 * The page an emailed one-time link opens (reset password, confirm a new address). Opening it
 * uses nothing, so mail scanners cannot spend the link; the step in `children` does.
 */
export function EmailedLinkPage({ title, missingToken, done, children }: EmailedLinkPageProps) {
  let body: ReactNode = children
  if (missingToken !== null) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {missingToken}
      </Alert>
    )
  } else if (done) {
    body = (
      <Stack align="center" gap="sm" data-testid={done.testId}>
        <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
        <Text fw={700} fz="lg">
          {done.title}
        </Text>
        <Text ta="center">{done.text}</Text>
        {done.action}
      </Stack>
    )
  }
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {body}
      </Stack>
    </Paper>
  )
}

/** The red alert under a link page's step when using the link failed. */
export function LinkStepError({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
      {children}
    </Alert>
  )
}
