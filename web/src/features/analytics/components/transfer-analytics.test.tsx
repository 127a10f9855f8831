import type { TransferAnalytics as TransferAnalyticsData } from '@ferry/contracts/api/analytics'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { AnalyticsPreview } from './analytics-preview.js'
import { TransferAnalytics } from './transfer-analytics.js'

const transferId = '00000000-0000-4000-8000-0000000000aa'
const fileId = '00000000-0000-4000-8000-0000000000f1'

const analytics: TransferAnalyticsData = {
  transfer_id: transferId,
  bucket: 'day',
  downloads_started: 3,
  downloads_completed: 1234,
  downloads_aborted: 1,
  previews: 2,
  page_views: 5,
  wrong_passwords: 4,
  bytes_delivered: 1536,
  recipients: [
    {
      recipient_id: '00000000-0000-4000-8000-0000000000b1',
      email: 'ana@example.test',
      sent_at: '2026-12-03T09:00:00.000Z',
      opened_at: '2026-12-03T10:00:00.000Z',
      previewed_at: null,
      downloaded_at: '2026-12-03T10:05:00.000Z',
      completed_at: '2026-12-03T10:06:00.000Z',
    },
  ],
  over_time: [
    { at: '2026-12-03T00:00:00.000Z', started: 2, completed: 1 },
    { at: '2026-12-04T00:00:00.000Z', started: 1, completed: 0 },
  ],
  files: [{ file_id: fileId, name: 'report.pdf', started: 2, completed: 1 }],
  countries: [
    { country: 'DE', downloads: 1 },
    { country: 'unknown', downloads: 1 },
  ],
  devices: [{ device: 'mobile', browser: 'Safari', downloads: 1 }],
}

afterEach(() => vi.unstubAllGlobals())

function stubAnalytics(body: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string) => Response.json(body, { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('TransferAnalytics', () => {
  it("asks for the transfer's analytics and shows the totals, with the CSV of its events", async () => {
    const fetch = stubAnalytics(analytics)
    renderWithApp(<TransferAnalytics transferId={transferId} />)
    expect(await screen.findByTestId('stat-completed')).toHaveProperty('textContent', '1,234')
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/analytics/transfers/${transferId}`)
    expect(screen.getByTestId('stat-wrong-passwords').textContent).toBe('4')
    expect(screen.getByTestId('stat-bytes').textContent).toBe('1.5 KiB')
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/analytics/transfers/${transferId}/events.csv`,
    )
  })

  it("puts every chart's numbers in a table screen readers reach, and names countries in Spanish", async () => {
    stubAnalytics(analytics)
    renderWithApp(<TransferAnalytics transferId={transferId} />, { language: 'es' })
    const countries = await screen.findByRole('table', { name: 'Países' })
    const rows = within(countries)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual(['PaísDescargas', 'Alemania1', 'Ubicación desconocida1'])
    const funnel = screen.getByRole('table', { name: 'Progreso de los destinatarios' })
    expect(within(funnel).getByRole('rowheader', { name: 'Descarga completada' }).closest('tr')?.textContent).toBe(
      'Descarga completada1',
    )
    const each = screen.getByRole('table', { name: 'Cada destinatario' })
    expect(within(each).getByRole('rowheader', { name: 'ana@example.test' }).closest('tr')?.textContent).toContain(
      'Todavía no',
    )
    const files = screen.getByRole('table', { name: 'Descargas completas por archivo' })
    expect(within(files).getByRole('rowheader', { name: 'report.pdf' }).closest('tr')?.textContent).toBe(
      'report.pdf2150\u00a0%',
    )
  })

  it('shows the table itself on request, in place of the chart', async () => {
    stubAnalytics(analytics)
    const { user } = renderWithApp(<TransferAnalytics transferId={transferId} />)
    const figure = await screen.findByTestId('analytics-devices')
    await user.click(within(figure).getByRole('button', { name: 'Show as table' }))
    expect(within(figure).getByRole('button', { name: 'Show as chart' })).toBeTruthy()
    expect(within(figure).getByRole('region', { name: 'Devices' })).toBeTruthy()
    expect(within(figure).getByRole('rowheader', { name: 'Phone' }).closest('tr')?.textContent).toBe('PhoneSafari1')
  })

  it('says when the analytics could not be loaded', async () => {
    stubAnalytics({ detail: 'Boom', code: 'internal' }, 500)
    renderWithApp(<TransferAnalytics transferId={transferId} />)
    expect(await screen.findByTestId('transfer-analytics-error')).toBeTruthy()
  })
})

describe('AnalyticsPreview', () => {
  it('describes what analytics show, with no figures, and offers the plans that have them', () => {
    renderWithApp(
      <AnalyticsPreview kind="panel" plans={['Business', 'Enterprise']} upgradeTo="/upgrade" plansTo="/plans" />,
    )
    const card = screen.getByTestId('analytics-preview-panel')
    expect(card.textContent).toContain('Analytics come with Business and Enterprise.')
    // No made-up figures: not a digit in what it says (Mantine's <style> for the grid aside).
    const text = card.cloneNode(true) as HTMLElement
    for (const style of text.querySelectorAll('style')) style.remove()
    expect(text.textContent).not.toMatch(/\d/)
    expect(within(card).getByRole('link', { name: 'Upgrade for analytics' }).getAttribute('href')).toBe('/upgrade')
    expect(within(card).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/plans')
  })

  it('reads in Spanish', () => {
    renderWithApp(
      <AnalyticsPreview kind="transfer" plans={['Business', 'Enterprise']} upgradeTo="/upgrade" plansTo="/plans" />,
      {
        language: 'es',
      },
    )
    const card = screen.getByTestId('analytics-preview-transfer')
    expect(within(card).getByRole('heading', { name: 'Mira qué pasa con esta transferencia' })).toBeTruthy()
    expect(card.textContent).toContain('Las estadísticas vienen con Business y Enterprise.')
  })
})
