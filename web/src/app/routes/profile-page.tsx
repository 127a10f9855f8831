import { Avatar, Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../features/auth/index.js'

const roleColors: Record<string, string> = { ADMIN: 'red', PREMIUM: 'violet', FREE: 'gray' }

/** /profile (spec 001 §2), behind RequireAuth: who is signed in. The profile issue extends it. */
export function ProfilePage() {
  const { t } = useTranslation('common')
  const { user } = useSession()
  useDocumentTitle(`${t('profile.title')} · ${t('brand')}`)
  if (!user) return null
  const role = user.role.toUpperCase()
  const name = user.name?.trim() || user.email
  return (
    <Container size={720} py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Title order={1} mb="lg">
        {t('profile.title')}
      </Title>
      <Paper withBorder shadow="sm" radius="lg" p="xl">
        <Group gap="lg" wrap="nowrap" align="center">
          <Avatar size={72} radius="xl" color="initials" name={name} src={user.picture || undefined} alt="" />
          <Stack gap={4} miw={0}>
            <Group gap="sm">
              <Text fw={700} fz="xl" truncate data-testid="profile-name">
                {name}
              </Text>
              <Badge color={roleColors[role] ?? 'gray'} variant="light" data-testid="profile-role">
                {role === 'ADMIN' || role === 'PREMIUM' || role === 'FREE' ? t(`profile.roles.${role}`) : user.role}
              </Badge>
            </Group>
            <Text c="dimmed" truncate data-testid="profile-email">
              {user.email}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </Container>
  )
}
