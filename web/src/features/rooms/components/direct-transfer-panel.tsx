import { Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconPlus, IconVideo } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export interface DirectTransferPanelProps {
  isAuthenticated: boolean
  /** Where 'Create Transfer Room' sends a logged-out visitor. */
  loginTo: string
}

/**
 * The Direct transfer tab (spec 000 §2). Logged out, 'Create Transfer Room' leads to login;
 * logged in it stays disabled until rooms are built, like 'Join Video Chat'.
 */
export function DirectTransferPanel({ isAuthenticated, loginTo }: DirectTransferPanelProps) {
  const { t } = useTranslation('home')
  return (
    <Stack gap="md">
      <div>
        <Title order={3} fz="lg">
          {t('direct.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('direct.description')}
        </Text>
      </div>
      <List
        size="sm"
        spacing={6}
        icon={
          <ThemeIcon size={20} radius="xl" color="teal" variant="light">
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        <List.Item>{t('direct.pointPrivate')}</List.Item>
        <List.Item>{t('direct.pointPeers')}</List.Item>
      </List>
      <Group gap="sm">
        {isAuthenticated ? (
          <Button leftSection={<IconPlus size={18} />} disabled>
            {t('direct.createRoom')}
          </Button>
        ) : (
          <Button component={Link} to={loginTo} leftSection={<IconPlus size={18} />}>
            {t('direct.createRoom')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconVideo size={18} />} disabled>
          {t('direct.joinVideoChat')}
        </Button>
      </Group>
    </Stack>
  )
}
