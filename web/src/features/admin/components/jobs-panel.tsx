import { type AdminJob, type JobState, jobStates } from '@ferry/contracts/api/admin'
import { Alert, Badge, Button, Center, Code, Group, Loader, Select, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { LoadMore } from '../../../components/load-more.js'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { adminErrorText, isAccessDenied } from '../admin-error-text.js'
import { jobCountsOf, useAdminJobs, useRetryJob } from '../api/admin-queries.js'
import { AccessDenied } from './access-denied.js'

const stateColor: Record<JobState, string> = { queued: 'blue', running: 'teal', dead: 'red' }

/**
 * The Jobs tab (issue 19): the database job queue of every instance (previews, webhook
 * deliveries, digests), filtered by state and kind, each with its tries and last error; a dead
 * job (given up on) can be retried.
 */
export function JobsPanel() {
  const { t, i18n } = useTranslation('admin')
  const formatDate = useFormatDate()
  const [state, setState] = useState<JobState | null>(null)
  const [kind, setKind] = useState<string | null>(null)
  const list = useAdminJobs(state, kind)
  const retry = useRetryJob()
  const [error, setError] = useState<string | null>(null)
  const counts = jobCountsOf(list)
  const kinds = [...new Set(counts.map((c) => c.kind))].sort()
  const deadCount = counts.filter((c) => c.state === 'dead').reduce((sum, c) => sum + c.count, 0)

  if (list.isError && isAccessDenied(list.error)) return <AccessDenied />

  const columns: ResponsiveColumn<AdminJob>[] = [
    {
      key: 'kind',
      label: t('jobs.columns.kind'),
      card: 'title',
      cell: (job) => (
        <Text ff="monospace" size="sm" fw="inherit">
          {job.kind}
        </Text>
      ),
    },
    {
      key: 'state',
      label: t('jobs.columns.state'),
      cell: (job) => (
        <Badge variant="light" color={stateColor[job.state]} data-testid="job-state">
          {t(`jobs.states.${job.state}`)}
        </Badge>
      ),
    },
    {
      key: 'attempts',
      label: t('jobs.columns.attempts'),
      cell: (job) => t('jobs.attemptsOf', { attempts: job.attempts, max: job.max_attempts }),
    },
    {
      key: 'runAt',
      label: t('jobs.columns.runAt'),
      tdProps: { style: { whiteSpace: 'nowrap' } },
      cell: (job) => formatDate(job.run_at),
    },
    {
      key: 'error',
      label: t('jobs.columns.lastError'),
      cell: (job) =>
        job.last_error ? (
          // Long errors scroll inside the cell; focusable so the keyboard can scroll it too.
          <Code
            block
            tabIndex={0}
            aria-label={t('jobs.columns.lastError')}
            style={{ whiteSpace: 'pre-wrap', maxWidth: 420, maxHeight: 120, overflow: 'auto' }}
          >
            {job.last_error}
          </Code>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      label: t('jobs.columns.actions'),
      card: 'actions',
      cell: (job) =>
        job.state === 'dead' && (
          <Button
            size="compact-xs"
            variant="light"
            loading={retry.isPending && retry.variables === job.id}
            disabled={retry.isPending}
            onClick={() => {
              setError(null)
              retry.mutate(job.id, {
                onError: (failure) => setError(adminErrorText(i18n, failure, t('jobs.retryFailed'))),
              })
            }}
          >
            {t('jobs.retry')}
          </Button>
        ),
    },
  ]

  return (
    <Stack gap="md" data-testid="admin-jobs">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {t('jobs.title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="jobs-dead-count">
            {t('jobs.deadCount', { count: deadCount })}
          </Text>
        </Stack>
        <Group gap="sm">
          <Select
            size="xs"
            w={160}
            label={t('jobs.stateFilter')}
            value={state ?? 'all'}
            onChange={(value) => setState(value && value !== 'all' ? (value as JobState) : null)}
            allowDeselect={false}
            data={[
              { value: 'all', label: t('jobs.allStates') },
              ...jobStates.map((s) => ({ value: s, label: t(`jobs.states.${s}`) })),
            ]}
            data-testid="jobs-state-filter"
          />
          <Select
            size="xs"
            w={200}
            label={t('jobs.kindFilter')}
            value={kind ?? 'all'}
            onChange={(value) => setKind(value && value !== 'all' ? value : null)}
            allowDeselect={false}
            data={[{ value: 'all', label: t('jobs.allKinds') }, ...kinds.map((k) => ({ value: k, label: k }))]}
            data-testid="jobs-kind-filter"
          />
        </Group>
      </Group>
      {error && (
        <ErrorAlert onClose={() => setError(null)} data-testid="job-retry-error">
          {error}
        </ErrorAlert>
      )}
      {list.isPending ? (
        <Center py="xl" aria-busy="true">
          <Loader type="dots" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {adminErrorText(i18n, list.error, t('jobs.loadFailed'))}
        </Alert>
      ) : (list.items ?? []).length === 0 ? (
        <Text c="dimmed" ta="center" py="md" data-testid="jobs-empty">
          {t('jobs.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <ResponsiveTable
            rows={list.items ?? []}
            columns={columns}
            rowKey={(job) => job.id}
            rowAttributes={(job) => ({
              'data-testid': 'job-row',
              'data-job-id': job.id,
              'data-kind': job.kind,
              'data-state': job.state,
            })}
            label={t('jobs.title')}
            minWidth={900}
            tableProps={{ striped: true, verticalSpacing: 'sm' }}
            cardsTestId="job-cards"
          />
          <LoadMore
            shown={list.items?.length ?? 0}
            total={list.total}
            hasMore={list.hasMore}
            loading={list.isFetchingNextPage}
            onLoadMore={list.loadMore}
            data-testid="jobs-load-more"
          />
        </Stack>
      )}
    </Stack>
  )
}
