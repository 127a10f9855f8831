import { Alert, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconLink } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export interface RequestFilesPanelProps {
  isAuthenticated: boolean
  /** Where the Login button goes (the login page, returning to this tab). */
  loginTo: string
}

/**
 * The Request files tab (spec 000 §2). Logged out: the 'Authentication Required' notice.
 * Logged in: the Create Link form, disabled until request links are built.
 */
export function RequestFilesPanel({ isAuthenticated, loginTo }: RequestFilesPanelProps) {
  const { t } = useTranslation('home')
  return (
    <Stack gap="md">
      <div>
        <Title order={3} fz="lg">
          {t('request.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('request.description')}
        </Text>
      </div>
      {isAuthenticated ? (
        <Group align="flex-end" gap="sm">
          <NumberInput label={t('request.expiresIn')} defaultValue={7} min={1} max={30} w={200} disabled />
          <Button leftSection={<IconLink size={18} />} disabled>
            {t('request.createLink')}
          </Button>
        </Group>
      ) : (
        <Alert color="yellow" variant="light" title={t('request.authTitle')} icon={<IconAlertTriangle />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('request.authMessage')}</Text>
            <Button component={Link} to={loginTo} color="yellow" variant="filled" size="xs">
              {t('request.login')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  )
}
