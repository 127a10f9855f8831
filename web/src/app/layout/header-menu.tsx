import { Button, Menu } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { headerMenuProps } from './menu-delays.js'
import type { NavMenu } from './nav-menus.js'

export function HeaderMenu({ menu }: { menu: NavMenu }) {
  const { t } = useTranslation('common')
  return (
    <Menu {...headerMenuProps} width={230}>
      <Menu.Target>
        <Button variant="subtle" color="gray" c="dark.6" fw={500} rightSection={<IconChevronDown size={14} />}>
          {t(menu.label)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={`menu-${menu.id}`}>
        {menu.items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to} leftSection={<item.icon size={18} stroke={1.6} />}>
            {t(item.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
