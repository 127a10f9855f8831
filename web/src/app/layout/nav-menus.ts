import {
  type Icon,
  IconBuildingSkyscraper,
  IconChartBar,
  IconCoin,
  IconHeartHandshake,
  IconLifebuoy,
  IconMail,
  IconPalette,
  IconRocket,
  IconSettings,
  IconShieldLock,
  IconTable,
  IconTools,
  IconTransfer,
  IconUser,
  IconUsersGroup,
  IconUsersPlus,
} from '@tabler/icons-react'
import type { ParseKeys } from 'i18next'
import { paths } from '../../lib/paths.js'

type CommonKey = ParseKeys<'common'>

export interface NavItem {
  to: string
  label: CommonKey
  icon: Icon
}

export interface NavMenu {
  id: 'uses' | 'plans' | 'admin' | 'resources'
  label: CommonKey
  items: readonly NavItem[]
  adminOnly?: boolean
}

/**
 * The header menus of spec/transfers.md §2, in order. Only pages the reader can open are listed:
 * the developer pages (style playground, date calculator, the raw plan table) sit in the admin menu.
 * The Mantine guide is the playground under its old path, so it has no entry of its own.
 */
export const navMenus: readonly NavMenu[] = [
  {
    id: 'uses',
    label: 'nav.uses.label',
    items: [
      { to: paths.transfers, label: 'nav.uses.transfers', icon: IconTransfer },
      { to: paths.analytics, label: 'nav.uses.analytics', icon: IconChartBar },
      { to: paths.fileProtection, label: 'nav.uses.fileProtection', icon: IconShieldLock },
      { to: paths.profile, label: 'nav.uses.profile', icon: IconUser },
      { to: paths.sellFiles, label: 'nav.uses.sellFiles', icon: IconCoin },
    ],
  },
  {
    id: 'plans',
    label: 'nav.plans.label',
    items: [
      { to: paths.upgrade, label: 'nav.plans.upgrade', icon: IconRocket },
      { to: paths.invite, label: 'nav.plans.invite', icon: IconUsersPlus },
    ],
  },
  {
    id: 'admin',
    label: 'nav.admin.label',
    adminOnly: true,
    items: [
      { to: paths.admin, label: 'nav.admin.admin', icon: IconSettings },
      // Developer pages (issue 17 item 7): for admins only, here and in their routes' guards.
      { to: paths.styleguide, label: 'nav.admin.styleguide', icon: IconPalette },
      { to: paths.tools, label: 'nav.admin.tools', icon: IconTools },
      { to: paths.subscribe, label: 'nav.admin.subscribe', icon: IconTable },
    ],
  },
  {
    id: 'resources',
    label: 'nav.resources.label',
    items: [
      { to: paths.nonprofit, label: 'nav.resources.nonprofit', icon: IconHeartHandshake },
      { to: paths.teams, label: 'nav.resources.teams', icon: IconUsersGroup },
      { to: paths.enterprise, label: 'nav.resources.enterprise', icon: IconBuildingSkyscraper },
      { to: paths.help, label: 'nav.resources.help', icon: IconLifebuoy },
      { to: paths.contact, label: 'nav.resources.contact', icon: IconMail },
    ],
  },
]

export function visibleMenus(isAdmin: boolean): readonly NavMenu[] {
  return navMenus.filter((menu) => !menu.adminOnly || isAdmin)
}
