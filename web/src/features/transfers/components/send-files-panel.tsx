import { Anchor, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export interface SendFilesPanelProps {
  upgradeTo: string
  /** The inline file picker (features/uploads), composed in by the page. */
  picker: ReactNode
}

/**
 * The Send files tab (spec 000 §1–2): the inline file picker and the upload-limit line.
 * Recipients, title, message and the Transfer button come with the transfer form.
 */
export function SendFilesPanel({ upgradeTo, picker }: SendFilesPanelProps) {
  const { t } = useTranslation('home')
  return (
    <Stack gap="md">
      {picker}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} c="dimmed">
          {t('send.freeLimit')}
        </Text>
        <Anchor component={Link} to={upgradeTo} size="sm" fw={600}>
          {t('send.increaseLimit')}
        </Anchor>
      </Group>
    </Stack>
  )
}
