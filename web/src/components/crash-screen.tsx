import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

export interface CrashScreenProps {
  onRetry(): void
}

/** The generic crash screen of spec/transfers.md §2: 'Something went wrong' and 'Try Again'. */
export function CrashScreen({ onRetry }: CrashScreenProps) {
  const { t } = useTranslation('common')
  return (
    <Center mih="60vh" px="md" role="alert">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={36} stroke={1.5} />
        </ThemeIcon>
        <Title order={2}>{t('crash.title')}</Title>
        <Text c="dimmed">{t('crash.message')}</Text>
        <Button onClick={onRetry} size="md">
          {t('crash.retry')}
        </Button>
      </Stack>
    </Center>
  )
}
