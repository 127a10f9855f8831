import '@mantine/charts/styles.css'
import type { AnalyticsBucket } from '@ferry/contracts/api/analytics'
import { AreaChart, BarChart } from '@mantine/charts'
import type { MantineColor } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../lib/i18n.js'
import { allZero, timeSeriesRows } from '../chart-data.js'
import { ChartFigure } from './chart-figure.js'

export interface TimeSeries<K extends string> {
  key: K
  label: string
  color: MantineColor
}

export interface TimeSeriesFigureProps<K extends string> {
  title: string
  description?: string
  bucket: AnalyticsBucket
  points: readonly ({ at: string } & Record<K, number>)[]
  series: readonly TimeSeries<K>[]
  /** How a value reads (a count, or a size for bytes). */
  format(value: number): string
  /** Bars for counts over a short span; an area for a trend. */
  kind?: 'bar' | 'area'
  emptyText: string
  testId?: string
}

/** Values over time (hour or day buckets, labelled in the UI's language), with their table. */
export function TimeSeriesFigure<K extends string>({
  title,
  description,
  bucket,
  points,
  series,
  format,
  kind = 'bar',
  emptyText,
  testId,
}: TimeSeriesFigureProps<K>) {
  const { t, i18n } = useTranslation('analytics')
  const rows = timeSeriesRows(points, bucket, currentLanguage(i18n))
  const keys = series.map((s) => s.key)
  const chartSeries = series.map((s) => ({ name: s.key, label: s.label, color: s.color }))
  const common = {
    h: 220,
    data: rows,
    dataKey: 'label',
    series: chartSeries,
    valueFormatter: format,
    withLegend: series.length > 1,
    tickLine: 'y' as const,
    // Whole units on the axis: half a download means nothing.
    yAxisProps: { allowDecimals: false, width: 72 },
    // The figure's table is what assistive technology and the keyboard get: recharts' own layer
    // would make the hidden SVG focusable.
    accessibilityLayer: false,
  }
  return (
    <ChartFigure
      title={title}
      description={description}
      emptyText={allZero(points, keys) ? emptyText : null}
      table={{
        columns: [bucket === 'hour' ? t('overTime.hour') : t('overTime.day'), ...series.map((s) => s.label)],
        rows: rows.map((row) => ({ key: row.at, cells: [row.label, ...keys.map((key) => format(row[key]))] })),
      }}
      testId={testId}
    >
      {kind === 'area' ? <AreaChart {...common} curveType="monotone" /> : <BarChart {...common} />}
    </ChartFigure>
  )
}
