import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useSession } from '../../features/auth/index.js'
import { loginPath, paths } from '../../lib/paths.js'
import { headerMenuProps } from './menu-delays.js'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return (parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : name.slice(0, 2)).toUpperCase()
}

/** Login and Sign Up when logged out (the login modal arrives with accounts; for now /login). */
export function LoggedOutActions({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation('common')
  const location = useLocation()
  const next = location.pathname === paths.login ? undefined : location.pathname + location.search
  return (
    <>
      <Button component={Link} to={loginPath(next)} variant="default" fullWidth={fullWidth}>
        {t('auth.login')}
      </Button>
      <Button component={Link} to={paths.register} fullWidth={fullWidth}>
        {t('auth.signUp')}
      </Button>
    </>
  )
}

function UserMenu() {
  const { t } = useTranslation('common')
  const { user, signOut } = useSession()
  if (!user) return null
  const name = user.name?.trim() || user.email
  return (
    <Menu {...headerMenuProps} position="bottom-end" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('auth.accountMenu')} px={6} py={4} style={{ borderRadius: 8 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="blue">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
          {t('auth.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

export function AuthControls() {
  const { isAuthenticated } = useSession()
  return isAuthenticated ? (
    <UserMenu />
  ) : (
    <Group gap="xs" wrap="nowrap">
      <LoggedOutActions />
    </Group>
  )
}
