import {
  type Icon,
  IconBook,
  IconBuildingSkyscraper,
  IconCoin,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconLifebuoy,
  IconMail,
  IconPalette,
  IconRocket,
  IconSettings,
  IconShieldLock,
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

/** The header menus of spec/transfers.md §2, in order. */
export const navMenus: readonly NavMenu[] = [
  {
    id: 'uses',
    label: 'nav.uses.label',
    items: [
      { to: paths.transfers, label: 'nav.uses.transfers', icon: IconTransfer },
      { to: paths.fileProtection, label: 'nav.uses.fileProtection', icon: IconShieldLock },
      { to: paths.profile, label: 'nav.uses.profile', icon: IconUser },
      { to: paths.sellFiles, label: 'nav.uses.sellFiles', icon: IconCoin },
      { to: paths.tools, label: 'nav.uses.tools', icon: IconTools },
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
      { to: paths.dashboard, label: 'nav.admin.dashboard', icon: IconLayoutDashboard },
      { to: paths.mantineGuide, label: 'nav.admin.mantineGuide', icon: IconBook },
    ],
  },
  {
    id: 'resources',
    label: 'nav.resources.label',
    items: [
      { to: paths.nonprofit, label: 'nav.resources.nonprofit', icon: IconHeartHandshake },
      { to: paths.teams, label: 'nav.resources.teams', icon: IconUsersGroup },
      { to: paths.enterprise, label: 'nav.resources.enterprise', icon: IconBuildingSkyscraper },
      // spec/accounts.md §2: the playground is linked from the header; the specs link help and contact too.
      { to: paths.help, label: 'nav.resources.help', icon: IconLifebuoy },
      { to: paths.contact, label: 'nav.resources.contact', icon: IconMail },
      { to: paths.styleguide, label: 'nav.resources.styleguide', icon: IconPalette },
    ],
  },
]

export function visibleMenus(isAdmin: boolean): readonly NavMenu[] {
  return navMenus.filter((menu) => !menu.adminOnly || isAdmin)
}
