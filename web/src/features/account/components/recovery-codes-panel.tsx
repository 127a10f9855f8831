import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core'
import { IconCopy, IconDownload } from '@tabler/icons-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/** Recovery codes shown this one time, to copy or download; only their hashes stay on the server. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('account')
  const text = codes.join('\n')
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`, [text])
  return (
    <Alert color="yellow" variant="light" title={t('twoFactor.codesTitle')} data-testid="recovery-codes">
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.codesText')}</Text>
        <Code block data-testid="recovery-codes-list">
          {text}
        </Code>
        <Group gap="sm">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" leftSection={<IconCopy size={16} />} onClick={copy}>
                {t(copied ? 'twoFactor.copied' : 'twoFactor.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            component="a"
            href={href}
            download="ferry-recovery-codes.txt"
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} />}
          >
            {t('twoFactor.download')}
          </Button>
          <Button size="xs" onClick={onDone}>
            {t('twoFactor.saved')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
