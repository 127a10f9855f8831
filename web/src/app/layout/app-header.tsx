import { Box, Burger, Container, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../features/auth/index.js'
import { AuthControls } from './auth-controls.js'
import { BrandLink } from './brand-link.js'
import { HeaderMenu } from './header-menu.js'
import { LanguageSwitcher } from './language-switcher.js'
import { visibleMenus } from './nav-menus.js'

export interface AppHeaderProps {
  navOpened: boolean
  onToggleNav(): void
}

/** spec/transfers.md §2 Header: brand, the Uses/Plans/Admin/Resources menus, language, login state. */
export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation('common')
  const { isAdmin } = useSession()
  return (
    <Container size="xl" h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="md"
            size="sm"
            aria-label={t(navOpened ? 'nav.closeMenu' : 'nav.openMenu')}
          />
          <BrandLink />
        </Group>
        <Group component="nav" aria-label={t('nav.label')} gap={2} visibleFrom="md" wrap="nowrap">
          {visibleMenus(isAdmin).map((menu) => (
            <HeaderMenu key={menu.id} menu={menu} />
          ))}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitcher />
          <Box visibleFrom="md">
            <AuthControls />
          </Box>
        </Group>
      </Group>
    </Container>
  )
}
