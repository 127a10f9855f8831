import '@mantine/charts/styles.css'
import type { TransferAnalytics as TransferAnalyticsData } from '@ferry/contracts/api/analytics'
import { BarChart } from '@mantine/charts'
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatNumber } from '../../../components/use-format-number.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { transferEventsCsvHref, useTransferAnalytics } from '../api/analytics-api.js'
import { fileRows, formatPercent, funnelSteps, funnelTotals, stepTime } from '../chart-data.js'
import { CountriesFigure, DevicesFigure } from './breakdown-figures.js'
import { ChartFigure } from './chart-figure.js'
import { Loaded } from './loaded.js'
import { StatGrid } from './stat-grid.js'
import { TimeSeriesFigure } from './time-series-figure.js'

/** How far each recipient got: the funnel's totals as bars, and every recipient's steps with their times. */
function RecipientFunnelFigures({ recipients }: { recipients: TransferAnalyticsData['recipients'] }) {
  const { t } = useTranslation('analytics')
  const number = useFormatNumber()
  const formatDate = useFormatDate()
  const totals = funnelTotals(recipients).map((row) => ({ ...row, label: t(`funnel.step.${row.step}`) }))
  return (
    <>
      <ChartFigure
        title={t('funnel.title')}
        description={t('funnel.description')}
        emptyText={recipients.length === 0 ? t('funnel.empty') : null}
        table={{
          columns: [t('funnel.stepColumn'), t('funnel.recipients')],
          rows: totals.map((row) => ({ key: row.step, cells: [row.label, number(row.recipients)] })),
        }}
        testId="analytics-funnel"
      >
        <BarChart
          h={200}
          data={totals}
          dataKey="label"
          series={[{ name: 'recipients', label: t('funnel.recipients'), color: 'indigo.6' }]}
          valueFormatter={number}
          tickLine="y"
          yAxisProps={{ allowDecimals: false, width: 48 }}
          accessibilityLayer={false}
        />
      </ChartFigure>
      {recipients.length > 0 && (
        <ChartFigure
          title={t('funnel.perRecipient')}
          table={{
            columns: [t('funnel.recipient'), ...funnelSteps.map((step) => t(`funnel.step.${step}`))],
            rows: recipients.map((recipient) => ({
              key: recipient.recipient_id,
              cells: [
                recipient.email,
                ...funnelSteps.map((step) => {
                  const at = stepTime(recipient, step)
                  return at ? (
                    formatDate(at)
                  ) : (
                    <Text key={step} span size="sm" c="dimmed">
                      {t('funnel.notYet')}
                    </Text>
                  )
                }),
              ],
            })),
          }}
          testId="analytics-recipients"
        />
      )}
    </>
  )
}

/** Started and completed downloads of each file, and of the ZIP of all files. */
function FilesFigure({ files }: { files: TransferAnalyticsData['files'] }) {
  const { t, i18n } = useTranslation('analytics')
  const number = useFormatNumber()
  const rows = fileRows(files, t('files.zip'))
  const percent = (share: number | null) => formatPercent(share, currentLanguage(i18n))
  return (
    <ChartFigure
      title={t('files.title')}
      description={t('files.description')}
      emptyText={rows.every((row) => row.started === 0) ? t('files.empty') : null}
      table={{
        columns: [t('files.file'), t('files.started'), t('files.completed'), t('files.completion')],
        rows: rows.map((row) => ({
          key: row.key,
          cells: [row.name, number(row.started), number(row.completed), percent(row.completion)],
        })),
      }}
      testId="analytics-files"
    >
      <BarChart
        h={Math.max(120, rows.length * 48)}
        data={rows}
        dataKey="name"
        orientation="vertical"
        series={[
          { name: 'started', label: t('files.started'), color: 'gray.6' },
          { name: 'completed', label: t('files.completed'), color: 'teal.7' },
        ]}
        valueFormatter={number}
        withLegend
        tickLine="x"
        xAxisProps={{ allowDecimals: false }}
        yAxisProps={{ width: 140 }}
        accessibilityLayer={false}
      />
    </ChartFigure>
  )
}

/** The analytics' content once loaded: totals, the funnel, time, files, countries and devices. */
function TransferAnalyticsContent({ data }: { data: TransferAnalyticsData }) {
  const { t } = useTranslation('analytics')
  const number = useFormatNumber()
  const size = useFormatFileSize()
  return (
    <Stack gap="md">
      <StatGrid
        stats={[
          { label: t('totals.downloadsCompleted'), value: number(data.downloads_completed), testId: 'stat-completed' },
          { label: t('totals.downloadsStarted'), value: number(data.downloads_started), testId: 'stat-started' },
          { label: t('totals.downloadsAborted'), value: number(data.downloads_aborted), testId: 'stat-aborted' },
          { label: t('totals.bytesDelivered'), value: size(data.bytes_delivered), testId: 'stat-bytes' },
          { label: t('totals.pageViews'), value: number(data.page_views), testId: 'stat-page-views' },
          { label: t('totals.previews'), value: number(data.previews), testId: 'stat-previews' },
          { label: t('totals.wrongPasswords'), value: number(data.wrong_passwords), testId: 'stat-wrong-passwords' },
        ]}
      />
      <RecipientFunnelFigures recipients={data.recipients} />
      <TimeSeriesFigure
        title={t('overTime.downloadsTitle')}
        bucket={data.bucket}
        points={data.over_time}
        series={[
          { key: 'started', label: t('overTime.started'), color: 'gray.6' },
          { key: 'completed', label: t('overTime.completed'), color: 'teal.7' },
        ]}
        format={number}
        emptyText={t('overTime.empty')}
        testId="analytics-over-time"
      />
      <FilesFigure files={data.files} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CountriesFigure countries={data.countries} />
        <DevicesFigure devices={data.devices} />
      </SimpleGrid>
    </Stack>
  )
}

/**
 * A transfer's analytics on its page (issue 21 item 2, plan flag analytics_access): what happened
 * to it, read from the server's own event log, and its events as CSV.
 */
export function TransferAnalytics({ transferId }: { transferId: string }) {
  const { t } = useTranslation('analytics')
  const query = useTransferAnalytics(transferId, true)
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="transfer-analytics-title"
      data-testid="transfer-analytics"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs" align="flex-start">
          <div>
            <Title order={2} fz="lg" id="transfer-analytics-title">
              {t('transfer.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('transfer.subtitle')}
            </Text>
          </div>
          <Button
            component="a"
            href={transferEventsCsvHref(transferId)}
            download
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={14} />}
            data-testid="transfer-analytics-csv"
          >
            {t('exportCsv')}
          </Button>
        </Group>
        <Loaded query={query} errorTestId="transfer-analytics-error">
          {(data) => <TransferAnalyticsContent data={data} />}
        </Loaded>
      </Stack>
    </Paper>
  )
}
