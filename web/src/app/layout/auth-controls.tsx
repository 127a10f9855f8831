import { Avatar, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconBuilding, IconChartBar, IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { authModal, useLogout, useSession } from '../../features/auth/index.js'
import { paths } from '../../lib/paths.js'
import { headerMenuProps } from './menu-delays.js'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return (parts.length > 1 ? `${parts[0]?.[0]}${parts.at(-1)?.[0]}` : name.slice(0, 2)).toUpperCase()
}

export interface LoggedOutActionsProps {
  fullWidth?: boolean
  /** Called when either action is taken (the mobile drawer closes itself). */
  onAction?(): void
}

/** spec/transfers.md §2: Login opens the login modal where the user is; Sign Up goes to /register. */
export function LoggedOutActions({ fullWidth = false, onAction }: LoggedOutActionsProps) {
  const { t } = useTranslation('common')
  const login = () => {
    onAction?.()
    authModal.open('login')
  }
  return (
    <>
      <Button variant="default" fullWidth={fullWidth} onClick={login}>
        {t('auth.login')}
      </Button>
      <Button component={Link} to={paths.register} fullWidth={fullWidth} onClick={onAction}>
        {t('auth.signUp')}
      </Button>
    </>
  )
}

function UserMenu() {
  const { t } = useTranslation('common')
  const { user } = useSession()
  const logout = useLogout()
  if (!user) return null
  const name = user.name?.trim() || user.email
  return (
    <Menu {...headerMenuProps} position="bottom-end" width={220}>
      <Menu.Target>
        {/* Named by its content, not aria-label: speech users say the name they see (WCAG 2.5.3). */}
        <UnstyledButton px={6} py={4} style={{ borderRadius: 8 }}>
          <VisuallyHidden>{t('auth.accountMenu')}</VisuallyHidden>
          <Group gap={8} wrap="nowrap">
            <Avatar size={32} radius="xl" color="blue" src={user.picture || undefined} alt="" aria-hidden>
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
        <Menu.Item component={Link} to={paths.analytics} leftSection={<IconChartBar size={16} />}>
          {t('nav.uses.analytics')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.organization} leftSection={<IconBuilding size={16} />}>
          {t('auth.organization')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
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
