import { Notification, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { RoomNotification } from '../hooks/use-room-notifications.js'

const colors = { info: 'blue', response: 'teal', error: 'red' } as const

export function RoomNotifications({ items, onClose }: { items: RoomNotification[]; onClose(id: number): void }) {
  const { t } = useTranslation('rooms')
  if (items.length === 0) return null
  return (
    <Stack gap="xs" role="log" aria-label={t('notifications.label')}>
      {items.map((item) => (
        <Notification
          key={item.id}
          color={colors[item.kind]}
          withBorder
          closeButtonProps={{ 'aria-label': t('notifications.close') }}
          onClose={() => onClose(item.id)}
          data-testid={`room-notification-${item.kind}`}
        >
          {item.text}
        </Notification>
      ))}
    </Stack>
  )
}
