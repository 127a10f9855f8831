import { Box, Container, Flex, Paper, Stack, Tabs, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconArrowsExchange, IconInbox, IconSend } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { usePlanName } from '../../components/use-plan-name.js'
import { authModal, useSession } from '../../features/auth/index.js'
import { BackgroundChoice, BrandBackdrop, useCurrentBranding } from '../../features/branding/index.js'
import { usePlanLimits, usePlans } from '../../features/plans/index.js'
import { PromotionSlot } from '../../features/promotions/index.js'
import { parseRequestView, RequestFilesPanel, type RequestView } from '../../features/request-links/index.js'
import { DirectTransferPanel } from '../../features/rooms/index.js'
import { useTransferForm } from '../../features/transfers/index.js'
import { useUploadQueue } from '../../features/uploads/index.js'
import { type HomeTab, homeTabPath, homeTabs, loginPath, paths, roomPath } from '../../lib/paths.js'
import { SendTab } from './send-tab.js'

const openLogin = () => authModal.open('login')

const tabs = [
  { value: 'send', icon: IconSend },
  { value: 'request', icon: IconInbox },
  { value: 'direct', icon: IconArrowsExchange },
] as const satisfies readonly { value: HomeTab; icon: unknown }[]

function parseTab(value: string | null): HomeTab {
  return homeTabs.find((tab) => tab === value) ?? 'send'
}

/** Home (spec/transfers.md §1–2): the three tabs, the open one kept in `?tab=` so links can open it. */
export function HomePage() {
  const { t } = useTranslation('home')
  const { isAuthenticated, user } = useSession()
  // An organization's member sees one of its backgrounds behind the upload panel (issue 22 item 3).
  const branding = useCurrentBranding(isAuthenticated)
  // Kept here, not in the tab, so switching tabs does not drop files, stop their uploads or
  // lose a transfer being sent.
  const uploads = useUploadQueue({ autoStart: isAuthenticated })
  const plan = usePlanLimits({ isAuthenticated, userId: user?.id, role: user?.role })
  // Join Video Chat says when the plan has no video (the plan's data decides, not a guess by role).
  const plans = usePlans(isAuthenticated)
  const videoPlan = plans.data?.find((p) => p.id === plan.limits.planId) ?? null
  const planName = usePlanName()
  const transfer = useTransferForm({ files: uploads, limits: plan.limits, isAuthenticated, onLogin: openLogin })
  // A member whose organization's plan has custom_background chooses what recipients see (or rotation).
  const organizationId = branding.data?.features.custom_background ? branding.data.organization_id : null
  const [searchParams, setSearchParams] = useSearchParams()
  const navigate = useNavigate()
  const tab = parseTab(searchParams.get('tab'))
  useDocumentTitle(t('pageTitle'))

  const selectTab = (value: string | null) => {
    const next = parseTab(value)
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev)
        if (next === 'send') params.delete('tab')
        else params.set('tab', next)
        if (next !== 'request') params.delete('view')
        return params
      },
      { replace: true },
    )
  }

  const selectRequestView = (view: RequestView) => {
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev)
        if (view === 'create') params.delete('view')
        else params.set('view', view)
        return params
      },
      { replace: true },
    )
  }

  return (
    <Container size={1080} py={{ base: 'xl', sm: 56 }} px={{ base: 'sm', sm: 'md' }}>
      <BrandBackdrop branding={isAuthenticated ? branding.data?.branding : undefined}>
        <Stack gap={6} ta="center" mb={{ base: 'lg', sm: 36 }}>
          <Title order={1} fz={{ base: 28, sm: 40 }} style={{ letterSpacing: '-0.02em' }}>
            {t('hero.title')}
          </Title>
          <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} maw={560} mx="auto">
            {t('hero.subtitle')}
          </Text>
        </Stack>
        {/* The panel keeps its 720 px; a promotion (issue 22 item 5) takes a column of its own beside it
            on wide screens and sits below it on narrow ones, never over its controls or progress. */}
        <Flex
          justify="center"
          align={{ base: 'center', lg: 'flex-start' }}
          direction={{ base: 'column', lg: 'row' }}
          gap="lg"
        >
          <Box w="100%" maw={720}>
            <Paper withBorder shadow="sm" radius="lg" style={{ overflow: 'hidden' }}>
              <Tabs value={tab} onChange={selectTab} keepMounted={false}>
                <Tabs.List grow aria-label={t('tabs.label')} style={{ flexWrap: 'nowrap' }}>
                  {tabs.map(({ value, icon: Icon }) => (
                    <Tabs.Tab
                      key={value}
                      value={value}
                      py="md"
                      px={{ base: 6, sm: 'md' }}
                      miw={0}
                      style={{ flexBasis: 0, alignItems: 'flex-start' }}
                    >
                      <Flex
                        direction={{ base: 'column', xs: 'row' }}
                        align="center"
                        justify="center"
                        gap={{ base: 4, xs: 8 }}
                      >
                        <Icon size={18} aria-hidden />
                        <Text
                          component="span"
                          fz={{ base: 'xs', xs: 'sm' }}
                          fw={500}
                          ta="center"
                          lh={1.3}
                          style={{ whiteSpace: 'normal' }}
                        >
                          {t(`tabs.${value}`)}
                        </Text>
                      </Flex>
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Tabs.Panel value="send" p={{ base: 'md', sm: 'xl' }}>
                  <SendTab
                    uploads={uploads}
                    isAuthenticated={isAuthenticated}
                    plan={plan}
                    form={transfer}
                    passwordInPlan={videoPlan?.password_protection ?? false}
                    sftpInPlan={videoPlan?.sftp_download ?? false}
                    dataRoomInPlan={videoPlan ? videoPlan.max_document_features.clean_data_room : null}
                    backgroundChoice={
                      organizationId
                        ? (choice) => (
                            <BackgroundChoice organizationId={organizationId} testIdPrefix="transfer" {...choice} />
                          )
                        : undefined
                    }
                  />
                </Tabs.Panel>
                <Tabs.Panel value="request" p={{ base: 'md', sm: 'xl' }}>
                  <RequestFilesPanel
                    isAuthenticated={isAuthenticated}
                    loginTo={loginPath(homeTabPath('request'))}
                    view={parseRequestView(searchParams.get('view'))}
                    onViewChange={selectRequestView}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="direct" p={{ base: 'md', sm: 'xl' }}>
                  <DirectTransferPanel
                    isAuthenticated={isAuthenticated}
                    onLogin={openLogin}
                    onRoomCreated={(roomId) => navigate(roomPath(roomId))}
                    historyTo={paths.transferHistory}
                    videoInPlan={videoPlan ? videoPlan.supports_video_audio : null}
                    videoChecking={plans.isPending || !plan.loaded}
                    planName={videoPlan ? planName(videoPlan) : ''}
                    upgradeTo={paths.upgrade}
                  />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          </Box>
          <PromotionSlot viewerId={user?.id ?? null} w={{ base: '100%', lg: 300 }} maw={{ base: 400, lg: 300 }} />
        </Flex>
      </BrandBackdrop>
    </Container>
  )
}
