import { Divider, Drawer, NavLink, ScrollArea, Stack, Text } from '@mantine/core'
import { IconBuilding, IconLogout, IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLogout, useSession } from '../../features/auth/index.js'
import { paths } from '../../lib/paths.js'
import { LoggedOutActions } from './auth-controls.js'
import { visibleMenus } from './nav-menus.js'

export interface MobileNavProps {
  opened: boolean
  onClose(): void
}

/** The header's menus as one list, for screens too narrow for the menu bar. */
export function MobileNav({ opened, onClose }: MobileNavProps) {
  const { t } = useTranslation('common')
  const { isAuthenticated, isAdmin, user } = useSession()
  const logout = useLogout()
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="xs"
      padding="md"
      title={t('nav.label')}
      hiddenFrom="md"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack gap="md">
        {visibleMenus(isAdmin).map((menu) => (
          <div key={menu.id}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              {t(menu.label)}
            </Text>
            {menu.items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={t(item.label)}
                leftSection={<item.icon size={18} stroke={1.6} />}
                onClick={onClose}
              />
            ))}
          </div>
        ))}
        <Divider />
        {isAuthenticated ? (
          <div>
            <Text size="xs" c="dimmed" mb={4} truncate>
              {user?.email}
            </Text>
            <NavLink
              component={Link}
              to={paths.profile}
              label={t('auth.profile')}
              leftSection={<IconUser size={18} />}
              onClick={onClose}
            />
            <NavLink
              component={Link}
              to={paths.organization}
              label={t('auth.organization')}
              leftSection={<IconBuilding size={18} />}
              onClick={onClose}
            />
            {/* A button: NavLink is an <a>, which without href is not reachable by keyboard. */}
            <NavLink
              component="button"
              type="button"
              label={t('auth.logout')}
              c="red"
              leftSection={<IconLogout size={18} />}
              onClick={() => {
                onClose()
                void logout()
              }}
            />
          </div>
        ) : (
          <Stack gap="xs">
            <LoggedOutActions fullWidth onAction={onClose} />
          </Stack>
        )}
      </Stack>
    </Drawer>
  )
}
