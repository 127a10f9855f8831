import type { AnalyticsSummary } from '@ferry/contracts/api/analytics'
import { Anchor, Button, Group, SimpleGrid, Stack } from '@mantine/core'
import { IconFileSpreadsheet } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatNumber } from '../../../components/use-format-number.js'
import { type AnalyticsPeriod, periodProblem } from '../analytics-period.js'
import { periodEventsCsvHref, useAnalyticsSummary } from '../api/analytics-api.js'
import { CountriesFigure, DevicesFigure } from './breakdown-figures.js'
import { ChartFigure } from './chart-figure.js'
import { Loaded } from './loaded.js'
import { PeriodPicker } from './period-picker.js'
import { StatGrid } from './stat-grid.js'
import { TimeSeriesFigure } from './time-series-figure.js'

export interface AnalyticsPanelProps {
  period: AnalyticsPeriod
  onPeriodChange(period: AnalyticsPeriod): void
  /** A transfer's page, for the busiest transfers' links. */
  transferTo(transferId: string): string
}

function SummaryContent({ data, transferTo }: { data: AnalyticsSummary; transferTo(id: string): string }) {
  const { t } = useTranslation('analytics')
  const number = useFormatNumber()
  const size = useFormatFileSize()
  return (
    <Stack gap="md">
      <StatGrid
        stats={[
          { label: t('totals.transfersSent'), value: number(data.transfers_sent), testId: 'stat-transfers-sent' },
          {
            label: t('totals.recipientsReached'),
            value: number(data.recipients_reached),
            testId: 'stat-recipients-reached',
          },
          { label: t('totals.downloadsCompleted'), value: number(data.downloads_completed), testId: 'stat-completed' },
          { label: t('totals.bytesDelivered'), value: size(data.bytes_delivered), testId: 'stat-bytes' },
        ]}
      />
      <TimeSeriesFigure
        title={t('overTime.downloadsTitle')}
        bucket={data.bucket}
        points={data.over_time}
        series={[{ key: 'downloads_completed', label: t('overTime.completed'), color: 'teal.7' }]}
        format={number}
        kind="area"
        emptyText={t('overTime.empty')}
        testId="summary-downloads"
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TimeSeriesFigure
          title={t('overTime.transfersTitle')}
          bucket={data.bucket}
          points={data.over_time}
          series={[{ key: 'transfers_sent', label: t('totals.transfersSent'), color: 'blue.7' }]}
          format={number}
          emptyText={t('overTime.noTransfers')}
          testId="summary-transfers"
        />
        <TimeSeriesFigure
          title={t('overTime.bytesTitle')}
          bucket={data.bucket}
          points={data.over_time}
          series={[{ key: 'bytes_delivered', label: t('totals.bytesDelivered'), color: 'grape.7' }]}
          format={size}
          kind="area"
          emptyText={t('overTime.empty')}
          testId="summary-bytes"
        />
      </SimpleGrid>
      <ChartFigure
        title={t('busiest.title')}
        description={t('busiest.description')}
        emptyText={data.busiest_transfers.length === 0 ? t('busiest.empty') : null}
        table={{
          columns: [t('busiest.transfer'), t('totals.downloadsCompleted'), t('totals.bytesDelivered')],
          rows: data.busiest_transfers.map((row) => ({
            key: row.transfer_id,
            cells: [
              <Anchor key="link" component={Link} to={transferTo(row.transfer_id)} size="sm">
                {row.title || t('busiest.untitled')}
              </Anchor>,
              number(row.downloads_completed),
              size(row.bytes_delivered),
            ],
          })),
        }}
        testId="summary-busiest"
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CountriesFigure countries={data.countries} />
        <DevicesFigure devices={data.devices} />
      </SimpleGrid>
    </Stack>
  )
}

/**
 * The account's analytics panel (issue 21 item 3, plan flag analytics_panel): totals and trends over
 * a period, the busiest transfers, countries and devices, and the period's events as CSV.
 */
export function AnalyticsPanel({ period, onPeriodChange, transferTo }: AnalyticsPanelProps) {
  const { t } = useTranslation('analytics')
  const valid = periodProblem(period) === null
  const query = useAnalyticsSummary(period, valid)
  return (
    <Stack gap="lg" data-testid="analytics-panel">
      <Group justify="space-between" align="flex-end" gap="md">
        <PeriodPicker period={period} onChange={onPeriodChange} />
        {valid && (
          <Button
            component="a"
            href={periodEventsCsvHref(period)}
            download
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            data-testid="analytics-csv"
          >
            {t('exportCsv')}
          </Button>
        )}
      </Group>
      {valid && (
        <Loaded query={query} errorTestId="analytics-error">
          {(data) => <SummaryContent data={data} transferTo={transferTo} />}
        </Loaded>
      )}
    </Stack>
  )
}
