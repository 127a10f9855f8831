import { Alert, Button, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconInbox, IconLink, IconList } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type RequestView, requestViews } from '../request-views.js'
import { CreateLinkForm } from './create-link-form.js'
import { MyRequestsTable } from './my-requests-table.js'
import { ReceivedFilesList } from './received-files-list.js'

export interface RequestFilesPanelProps {
  isAuthenticated: boolean
  /** Where the Login button goes (the login page, returning to this tab). */
  loginTo: string
  /** The open sub-tab (`?view=`; the email's link opens Received Files). */
  view: RequestView
  onViewChange(view: RequestView): void
}

const icons = { create: IconLink, mine: IconList, received: IconInbox } as const

/**
 * The Request files tab (spec/transfers.md §2). Logged out: the 'Authentication Required' notice.
 * Logged in: Create Link, My Requests and Received Files.
 */
export function RequestFilesPanel({ isAuthenticated, loginTo, view, onViewChange }: RequestFilesPanelProps) {
  const { t } = useTranslation('home')
  const { t: tr } = useTranslation('requestLinks')
  return (
    <Stack gap="md">
      <div>
        <Title order={3} fz="lg">
          {t('request.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('request.description')}
        </Text>
      </div>
      {isAuthenticated ? (
        <Tabs
          value={view}
          onChange={(value) => onViewChange(requestViews.find((v) => v === value) ?? 'create')}
          keepMounted={false}
          variant="pills"
        >
          <Tabs.List aria-label={tr('tabs.label')} mb="md">
            {requestViews.map((value) => {
              const Icon = icons[value]
              return (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                  {tr(`tabs.${value}`)}
                </Tabs.Tab>
              )
            })}
          </Tabs.List>
          <Tabs.Panel value="create">
            <CreateLinkForm isAuthenticated={isAuthenticated} />
          </Tabs.Panel>
          <Tabs.Panel value="mine">
            <MyRequestsTable />
          </Tabs.Panel>
          <Tabs.Panel value="received">
            <ReceivedFilesList />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Alert color="yellow" variant="light" title={t('request.authTitle')} icon={<IconAlertTriangle />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('request.authMessage')}</Text>
            <Button component={Link} to={loginTo} color="yellow" variant="filled" size="xs">
              {t('request.login')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  )
}
