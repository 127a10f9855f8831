import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconCloudUpload, IconFilePlus, IconFolderPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export interface SendFilesPanelProps {
  upgradeTo: string
}

/**
 * The Send files tab (spec 000 §1–2). Static for now: picking files, recipients and sending
 * come with the transfer form, so the add buttons are disabled until then.
 */
export function SendFilesPanel({ upgradeTo }: SendFilesPanelProps) {
  const { t } = useTranslation('home')
  return (
    <Stack gap="md">
      <Paper
        radius="md"
        p={{ base: 'lg', sm: 'xl' }}
        bg="gray.0"
        style={{ border: '2px dashed var(--mantine-color-gray-4)' }}
        data-testid="upload-area"
      >
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconCloudUpload size={36} stroke={1.5} />
          </ThemeIcon>
          <Text fw={600} fz="lg">
            {t('send.dropPrompt')}
          </Text>
          <Text c="dimmed" size="sm">
            {t('send.dropHint')}
          </Text>
          <Group gap="sm" justify="center" mt="xs">
            <Button leftSection={<IconFilePlus size={18} />} disabled>
              {t('send.addFiles')}
            </Button>
            <Button variant="default" leftSection={<IconFolderPlus size={18} />} disabled>
              {t('send.addFolders')}
            </Button>
          </Group>
        </Stack>
      </Paper>
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
