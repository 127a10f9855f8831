import { Button, Table } from '@mantine/core'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../testing/render.js'
import { fakeMediaQueryList } from '../testing/setup-dom.js'
import { CardsSort, type ResponsiveColumn, ResponsiveTable } from './responsive-table.js'

interface Parcel {
  id: string
  name: string
  size: string
  owner: string
}

const parcels: Parcel[] = [
  { id: 'p1', name: 'Informe año 2026 — final versión definitiva (v2).pdf', size: '2.5 MB', owner: 'ana@example.com' },
  { id: 'p2', name: 'notes.txt', size: '300 kB', owner: 'bo@example.com' },
]

function Parcels({ onOpen = vi.fn(), onDelete = vi.fn() }: { onOpen?(id: string): void; onDelete?(id: string): void }) {
  const columns: ResponsiveColumn<Parcel>[] = [
    {
      key: 'name',
      label: 'Name',
      card: 'title',
      th: <Table.Th aria-sort="ascending">Name (sorted)</Table.Th>,
      cell: (parcel) => <span title={parcel.name}>{parcel.name.slice(0, 10)}…</span>,
      cardCell: (parcel) => parcel.name,
    },
    { key: 'size', label: 'Size', cell: (parcel) => parcel.size, tdProps: { 'data-testid': 'size-cell' } },
    { key: 'owner', label: 'Owner', cell: (parcel) => parcel.owner },
    {
      key: 'actions',
      label: 'Actions',
      card: 'actions',
      cell: (parcel) => (
        <>
          <Button onClick={() => onOpen(parcel.id)}>Open {parcel.id}</Button>
          <Button onClick={() => onDelete(parcel.id)}>Delete {parcel.id}</Button>
        </>
      ),
    },
  ]
  return (
    <ResponsiveTable
      rows={parcels}
      columns={columns}
      rowKey={(parcel) => parcel.id}
      rowAttributes={(parcel) => ({ 'data-testid': 'parcel', 'data-id': parcel.id })}
      label="Parcels"
      tableProps={{ 'data-testid': 'parcels-table' }}
      cardsTestId="parcels-cards"
      cardsHeader={<p>Above the cards</p>}
    />
  )
}

/** A screen as wide as `width` px for Mantine's useMediaQuery (the theme's `sm` is 48em = 768 px). */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const below = /max-width:\s*([\d.]+)em/.exec(query)?.[1]
    return fakeMediaQueryList(query, below !== undefined && width <= Number(below) * 16)
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('ResponsiveTable', () => {
  it('is a table on a wide screen, with its own header cells and cell props', () => {
    screenWidth(1280)
    renderWithApp(<Parcels />)
    const table = screen.getByRole('table')
    expect(table.dataset.testid).toBe('parcels-table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name (sorted)', 'Size', 'Owner', 'Actions'])
    expect(screen.getByRole('columnheader', { name: 'Name (sorted)' }).getAttribute('aria-sort')).toBe('ascending')
    const rows = screen.getAllByTestId('parcel')
    expect(rows.map((row) => row.tagName)).toEqual(['TR', 'TR'])
    expect(rows[0]?.dataset.id).toBe('p1')
    // The table keeps its narrow cell; the card's full name is not drawn.
    expect(within(rows[0] as HTMLElement).getByText('Informe añ…')).toBeTruthy()
    expect(screen.getAllByTestId('size-cell').map((cell) => cell.textContent)).toEqual(['2.5 MB', '300 kB'])
    expect(screen.queryByRole('list', { name: 'Parcels' })).toBeNull()
    expect(screen.queryByText('Above the cards')).toBeNull()
  })

  it('is a list of cards on a phone: title, every column as a labelled line, and the actions', async () => {
    screenWidth(390)
    const onOpen = vi.fn()
    const onDelete = vi.fn()
    const { user } = renderWithApp(<Parcels onOpen={onOpen} onDelete={onDelete} />)
    expect(screen.queryByRole('table')).toBeNull()
    const list = screen.getByRole('list', { name: 'Parcels' })
    expect(list.dataset.testid).toBe('parcels-cards')
    expect(screen.getByText('Above the cards')).toBeTruthy()
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const first = cards[0] as HTMLElement
    expect(first.dataset.testid).toBe('parcel')
    expect(first.dataset.id).toBe('p1')
    // The whole name, as the card shows it instead of the table's cut one.
    expect(within(first).getByText('Informe año 2026 — final versión definitiva (v2).pdf')).toBeTruthy()
    // Each field column is a term and its value; the title and the actions are not repeated as fields.
    const terms = within(first)
      .getAllByRole('term')
      .map((term) => term.textContent)
    expect(terms).toEqual(['Size', 'Owner'])
    expect(
      within(first)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['2.5 MB', 'ana@example.com'])
    await user.click(within(first).getByRole('button', { name: 'Open p1' }))
    await user.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Delete p2' }))
    expect(onOpen).toHaveBeenCalledWith('p1')
    expect(onDelete).toHaveBeenCalledWith('p2')
  })

  it('switches at the sm breakpoint: 767 px is a phone, 768 px a table', () => {
    screenWidth(767)
    const narrow = renderWithApp(<Parcels />)
    expect(screen.getByRole('list', { name: 'Parcels' })).toBeTruthy()
    narrow.unmount()
    screenWidth(768)
    renderWithApp(<Parcels />)
    expect(screen.getByRole('table')).toBeTruthy()
  })

  for (const [language, labels] of [
    ['en', { sortBy: 'Sort by', asc: 'Ascending', desc: 'Descending' }],
    ['es', { sortBy: 'Ordenar por', asc: 'Ascendente', desc: 'Descendente' }],
  ] as const) {
    it(`${language}: CardsSort picks the column and flips the direction as a header click would`, async () => {
      const onSort = vi.fn()
      const options = [
        { value: 'name', label: 'Name' },
        { value: 'size', label: 'Size' },
      ] as const
      const { user, rerender } = renderWithApp(
        <CardsSort options={options} value="name" direction="asc" onSort={onSort} />,
        { language },
      )
      const select = screen.getByRole('combobox', { name: labels.sortBy }) as HTMLSelectElement
      expect(select.value).toBe('name')
      expect([...select.options].map((option) => option.textContent)).toEqual(['Name', 'Size'])
      await user.selectOptions(select, 'size')
      expect(onSort).toHaveBeenLastCalledWith('size')
      await user.click(screen.getByRole('button', { name: labels.asc }))
      expect(onSort).toHaveBeenLastCalledWith('name')
      rerender(<CardsSort options={options} value="name" direction="desc" onSort={onSort} />)
      expect(screen.getByRole('button', { name: labels.desc })).toBeTruthy()
    })
  }
})
