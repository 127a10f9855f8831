import { Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconBan, IconClockHour4, IconFileOff, IconLock, IconMoodSad } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { RoomProblem } from './room-problem.js'

const icons = {
  pending: IconClockHour4,
  unsupported: IconFileOff,
  revoked: IconBan,
  verification: IconLock,
  failed: IconMoodSad,
} as const satisfies Record<RoomProblem, unknown>

/** Why the room shows no page here, in plain words, over the dark stage; `failed` offers a retry. */
export function RoomMessage({ problem, onRetry }: { problem: RoomProblem; onRetry?: () => void }) {
  const { t } = useTranslation('transfers')
  const Icon = icons[problem]
  return (
    <Center h="100%" p="lg">
      <Stack
        align="center"
        ta="center"
        gap="sm"
        maw={460}
        role={problem === 'pending' ? 'status' : 'alert'}
        data-testid="data-room-problem"
        data-problem={problem}
      >
        {problem === 'pending' ? (
          <Loader color="gray.3" />
        ) : (
          <ThemeIcon size={52} radius="xl" variant="light" color={problem === 'revoked' ? 'red' : 'gray'}>
            <Icon size={28} aria-hidden />
          </ThemeIcon>
        )}
        <Text c="gray.1" fw={500}>
          {t(`dataRoom.problem.${problem}`)}
        </Text>
        {problem === 'failed' && onRetry && (
          <Button variant="white" size="sm" onClick={onRetry}>
            {t('dataRoom.retry')}
          </Button>
        )}
      </Stack>
    </Center>
  )
}
