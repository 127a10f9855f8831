import { ActionIcon, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** A labelled value to paste elsewhere (a DNS record, a provider's form), with a copy button. */
export function CopyableValue({
  label,
  value,
  testId,
  labelWidth = 60,
}: {
  label: string
  value: string
  testId: string
  /** Wide enough for the longest label of its list, so the values line up. */
  labelWidth?: number
}) {
  const { t } = useTranslation('common')
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="sm" c="dimmed" w={labelWidth} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Code style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copied') : t('copy')}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('copy')}: ${label}`}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  )
}
