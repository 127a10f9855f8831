import { Container, Stack, Tabs, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconChartBar, IconTransfer, IconUsers } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { StoragePanel, UsersPanel } from '../../features/admin/index.js'
import { TransferList } from '../../features/transfers/index.js'
import { loginPath, paths } from '../../lib/paths.js'
import { transferDetailPath } from './transfers-page.js'

/**
 * The tabs of the Admin Dashboard, in order. A tab is `?tab={id}`, so a reload or a shared link
 * opens the same one. Another feature's panel (e.g. referral payouts) joins by adding an entry.
 */
const adminTabs = ['users', 'transfers', 'storage'] as const
type AdminTab = (typeof adminTabs)[number]
const isAdminTab = (value: string | null): value is AdminTab => adminTabs.includes(value as AdminTab)

/** /admin (001 §2), behind RequireAdmin: users, every transfer, and storage usage. */
export function AdminPage() {
  const { t } = useTranslation(['admin', 'transfers', 'common'])
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: AdminTab = isAdminTab(requested) ? requested : 'users'
  useDocumentTitle(`${t('title')} · ${t('brand', { ns: 'common' })}`)

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
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
              {t('tabs.users')}
            </Tabs.Tab>
            <Tabs.Tab value="transfers" leftSection={<IconTransfer size={16} />}>
              {t('tabs.transfers')}
            </Tabs.Tab>
            <Tabs.Tab value="storage" leftSection={<IconChartBar size={16} />}>
              {t('tabs.storage')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users" pt="lg">
            {/* A user's change reaches their transfers and storage figures too: reload everything. */}
            <UsersPanel onChanged={() => void queryClient.invalidateQueries()} />
          </Tabs.Panel>
          <Tabs.Panel value="transfers" pt="lg">
            <TransferList
              scope="admin"
              title={t('tabs.transfers')}
              newTransferTo={paths.home}
              loginTo={loginPath(paths.admin)}
              detailPath={transferDetailPath}
            />
          </Tabs.Panel>
          <Tabs.Panel value="storage" pt="lg">
            <StoragePanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  )
}
