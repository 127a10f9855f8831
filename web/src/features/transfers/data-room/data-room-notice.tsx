import { Alert, Text } from '@mantine/core'
import { IconShieldCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/**
 * What the data room does and does not do, said plainly (issue 19 item 3): every page carries the
 * viewer's email, the time and a view id, and every view is logged, which deters and traces
 * copying; nothing on a screen can stop a camera.
 */
export function DataRoomNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('transfers')
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconShieldCheck size={18} />}
      py={compact ? 6 : undefined}
      radius={compact ? 0 : undefined}
      title={compact ? undefined : t('dataRoom.notice.title')}
      data-testid="data-room-notice"
    >
      <Text size="sm">{t('dataRoom.notice.text')}</Text>
    </Alert>
  )
}
