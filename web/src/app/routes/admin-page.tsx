import { Container, Stack, Tabs, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import {
  type Icon,
  IconChartBar,
  IconCoin,
  IconListCheck,
  IconShieldLock,
  IconSpeakerphone,
  IconTransfer,
  IconUsers,
} from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { JobsPanel, SecurityPanel, StoragePanel, TestCheckoutBanner, UsersPanel } from '../../features/admin/index.js'
import { PromotionsPanel } from '../../features/promotions/index.js'
import { AdminPayoutsPanel } from '../../features/referrals/index.js'
import { TransferList } from '../../features/transfers/index.js'
import { loginPath, paths } from '../../lib/paths.js'
import { transferDetailPath } from './transfers-page.js'

/** The tabs of the Admin Dashboard, in order; a tab is `?tab={id}`, so a reload or a shared link opens it. */
const adminTabs = ['users', 'transfers', 'storage', 'payouts', 'jobs', 'promotions', 'security'] as const
type AdminTab = (typeof adminTabs)[number]
const isAdminTab = (value: string | null): value is AdminTab => adminTabs.includes(value as AdminTab)

interface TabView {
  label: string
  icon: Icon
  panel: ReactNode
}

/**
 * /admin (spec/accounts.md §2), behind RequireAdmin: users, every transfer, and storage usage; a fourth tab,
 * beyond the spec's three, is where admins approve, pay or cancel referral payouts (issue 8), and a fifth
 * shows the job queue (issue 19), a sixth the first-party promotions (issue 22), and a seventh the
 * service's security settings: required two-factor sign-in (issue 23).
 */
export function AdminPage() {
  const { t } = useTranslation(['admin', 'transfers', 'common', 'promotions'])
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: AdminTab = isAdminTab(requested) ? requested : 'users'
  useDocumentTitle(`${t('title')} · ${t('brand', { ns: 'common' })}`)

  const views: Record<AdminTab, TabView> = {
    users: {
      label: t('tabs.users'),
      icon: IconUsers,
      // A user's change reaches their transfers and storage figures too: reload everything.
      panel: <UsersPanel onChanged={() => void queryClient.invalidateQueries()} />,
    },
    transfers: {
      label: t('tabs.transfers'),
      icon: IconTransfer,
      panel: (
        <TransferList
          scope="admin"
          title={t('tabs.transfers')}
          loginTo={loginPath(paths.admin)}
          detailPath={transferDetailPath}
        />
      ),
    },
    storage: { label: t('tabs.storage'), icon: IconChartBar, panel: <StoragePanel /> },
    payouts: { label: t('tabs.payouts'), icon: IconCoin, panel: <AdminPayoutsPanel /> },
    jobs: { label: t('tabs.jobs'), icon: IconListCheck, panel: <JobsPanel /> },
    // First-party promotions (issue 22 item 5).
    promotions: { label: t('admin.tab', { ns: 'promotions' }), icon: IconSpeakerphone, panel: <PromotionsPanel /> },
    // Required two-factor sign-in (issue 23 item 2).
    security: { label: t('tabs.security'), icon: IconShieldLock, panel: <SecurityPanel /> },
  }

  const select = (value: string | null) => {
    if (!isAdminTab(value)) return
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value === 'users') next.delete('tab')
        else next.set('tab', value)
        return next
      },
      { replace: true },
    )
  }

  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('title')}
        </Title>
        <TestCheckoutBanner />
        {/* Only the open tab is mounted, so each tab loads fresh figures when opened. */}
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List>
            {adminTabs.map((id) => {
              const { label, icon: TabIcon } = views[id]
              return (
                <Tabs.Tab key={id} value={id} leftSection={<TabIcon size={16} />}>
                  {label}
                </Tabs.Tab>
              )
            })}
          </Tabs.List>
          {adminTabs.map((id) => (
            <Tabs.Panel key={id} value={id} pt="lg">
              {views[id].panel}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  )
}
