import {
  type Icon,
  IconBuildingSkyscraper,
  IconCoin,
  IconHeartHandshake,
  IconLifebuoy,
  IconMail,
  IconShieldLock,
  IconUsersGroup,
} from '@tabler/icons-react'
import { paths } from '../../lib/paths.js'

export type InfoPageId = 'nonprofit' | 'teams' | 'enterprise' | 'fileProtection' | 'sellFiles' | 'help' | 'contact'

export interface InfoPageAction {
  /** Key under `{page}.actions` in the pages namespace. */
  label: string
  to: string
}

export interface InfoPage {
  id: InfoPageId
  icon: Icon
  /** Keys under `{page}.sections`, each with a title and a body, in display order. */
  sections: readonly string[]
  /** 'faq' shows the sections as questions that open one by one. */
  layout: 'cards' | 'faq' | 'contact'
  actions: readonly InfoPageAction[]
}

/** The content pages linked from the header and the specs: structure here, text in pages.json. */
export const infoPages: Record<InfoPageId, InfoPage> = {
  nonprofit: {
    id: 'nonprofit',
    icon: IconHeartHandshake,
    sections: ['plans', 'collect', 'direct'],
    layout: 'cards',
    actions: [
      { label: 'contact', to: paths.contact },
      { label: 'plans', to: paths.upgrade },
    ],
  },
  teams: {
    id: 'teams',
    icon: IconUsersGroup,
    sections: ['send', 'collect', 'rooms', 'business'],
    layout: 'cards',
    actions: [
      { label: 'plans', to: paths.upgrade },
      { label: 'help', to: paths.help },
    ],
  },
  enterprise: {
    id: 'enterprise',
    icon: IconBuildingSkyscraper,
    sections: ['selfHost', 'control', 'plan'],
    layout: 'cards',
    actions: [
      { label: 'plans', to: paths.upgrade },
      { label: 'contact', to: paths.contact },
    ],
  },
  fileProtection: {
    id: 'fileProtection',
    icon: IconShieldLock,
    sections: ['links', 'expiry', 'tracking', 'requests', 'direct'],
    layout: 'cards',
    actions: [
      { label: 'send', to: paths.home },
      { label: 'plans', to: paths.upgrade },
    ],
  },
  sellFiles: {
    id: 'sellFiles',
    icon: IconCoin,
    sections: ['deliver', 'referrals', 'collect'],
    layout: 'cards',
    actions: [
      { label: 'invite', to: paths.invite },
      { label: 'plans', to: paths.upgrade },
    ],
  },
  help: {
    id: 'help',
    icon: IconLifebuoy,
    sections: ['send', 'limits', 'expiry', 'request', 'rooms', 'plans', 'account'],
    layout: 'faq',
    actions: [
      { label: 'send', to: paths.home },
      { label: 'contact', to: paths.contact },
    ],
  },
  contact: {
    id: 'contact',
    icon: IconMail,
    sections: [],
    layout: 'contact',
    actions: [{ label: 'help', to: paths.help }],
  },
}
