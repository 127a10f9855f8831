import '@mantine/charts/styles.css'
import type { CountryCount, DeviceCount } from '@ferry/contracts/api/analytics'
import { BarsList } from '@mantine/charts'
import { useTranslation } from 'react-i18next'
import { useFormatNumber } from '../../../components/use-format-number.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { countryRows, deviceClassTotals, deviceRows } from '../chart-data.js'
import { ChartFigure } from './chart-figure.js'

/** Completed downloads by country, named in the UI's language (Intl.DisplayNames: nothing is fetched). */
export function CountriesFigure({
  countries,
  testId = 'analytics-countries',
}: {
  countries: readonly CountryCount[]
  testId?: string
}) {
  const { t, i18n } = useTranslation('analytics')
  const number = useFormatNumber()
  const rows = countryRows(countries, currentLanguage(i18n), t('countries.unknown'))
  return (
    <ChartFigure
      title={t('countries.title')}
      description={t('countries.description')}
      emptyText={rows.length === 0 ? t('countries.empty') : null}
      table={{
        columns: [t('countries.country'), t('countries.downloads')],
        rows: rows.map((row) => ({ key: row.code, cells: [row.name, number(row.downloads)] })),
      }}
      testId={testId}
    >
      <BarsList
        data={rows.slice(0, 10).map((row) => ({ name: row.name, value: row.downloads }))}
        valueFormatter={number}
        barsLabel={t('countries.country')}
        valueLabel={t('countries.downloads')}
        // The light variant: the theme's readable text colour on a tint, in light and dark schemes.
        barColor="blue"
      />
    </ChartFigure>
  )
}

/** Completed downloads by device class (the bars) and by device and browser (the table). */
export function DevicesFigure({
  devices,
  testId = 'analytics-devices',
}: {
  devices: readonly DeviceCount[]
  testId?: string
}) {
  const { t } = useTranslation('analytics')
  const number = useFormatNumber()
  const browser = (name: string) => (name === 'unknown' ? t('devices.unknownBrowser') : name)
  return (
    <ChartFigure
      title={t('devices.title')}
      description={t('devices.description')}
      emptyText={devices.length === 0 ? t('devices.empty') : null}
      table={{
        columns: [t('devices.device'), t('devices.browser'), t('devices.downloads')],
        rows: deviceRows(devices).map((row) => ({
          key: `${row.device}/${row.browser}`,
          cells: [t(`devices.class.${row.device}`), browser(row.browser), number(row.downloads)],
        })),
      }}
      testId={testId}
    >
      <BarsList
        data={deviceClassTotals(devices).map((row) => ({
          name: t(`devices.class.${row.device}`),
          value: row.downloads,
        }))}
        valueFormatter={number}
        barsLabel={t('devices.device')}
        valueLabel={t('devices.downloads')}
        barColor="teal"
      />
    </ChartFigure>
  )
}
