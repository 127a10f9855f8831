import {
  Box,
  Button,
  Card,
  em,
  Group,
  NativeSelect,
  px,
  Stack,
  Table,
  type TableProps,
  Text,
  useMantineTheme,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react'
import { type ComponentProps, Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Where a column goes in a row's card on a narrow screen. */
export type CardPlace =
  /** The card's heading line (the row's name). */
  | 'title'
  /** A line with the column's label and the value (the default). */
  | 'field'
  /** The buttons along the card's foot. */
  | 'actions'

export interface ResponsiveColumn<Row> {
  key: string
  /** The column's name: the header's text, and the label of its line in a card. */
  label: string
  /** The whole header cell (a `Table.Th`) when it is more than the label, a sort button for example. */
  th?: ReactNode
  /** What the table cell holds. */
  cell(row: Row): ReactNode
  /** What the card shows instead, when the cell is made for a table (truncated in a narrow column). */
  cardCell?(row: Row): ReactNode
  /** Props of the table cell: style, `maw`, test ids. */
  tdProps?: Omit<ComponentProps<typeof Table.Td>, 'children'> & RowAttributes
  /** Where it goes in a card; `field` unless told. */
  card?: CardPlace
}

/** Data attributes (`data-testid`, `data-email`, ...) put on both a row and its card. */
export type RowAttributes = Record<`data-${string}`, string | undefined>

export interface ResponsiveTableProps<Row> {
  rows: readonly Row[]
  columns: readonly ResponsiveColumn<Row>[]
  rowKey(row: Row): string
  rowAttributes?(row: Row): RowAttributes
  /** Names the list of cards for assistive technology. */
  label: string
  /** Below this width the table scrolls sideways inside its container (tablets, narrow windows). */
  minWidth?: number
  tableProps?: TableProps & RowAttributes
  /** The cards' list test id (the table keeps its own through `tableProps`). */
  cardsTestId?: string
  /** Drawn above the cards only, for what the table's headers do (sorting: `CardsSort`). */
  cardsHeader?: ReactNode
}

export interface CardsSortProps<Key extends string> {
  /** The sortable columns, as the table's headers name them. */
  options: readonly { value: Key; label: string }[]
  value: Key
  direction: 'asc' | 'desc'
  /** Sorts by `key` (the table's header click: the same key flips the direction). */
  onSort(key: Key): void
}

/**
 * The sort of a table's headers for its cards: which column (a select) and which way (a button
 * that flips it). `onSort` is the header click's handler, so a table and its cards sort alike.
 */
export function CardsSort<Key extends string>({ options, value, direction, onSort }: CardsSortProps<Key>) {
  const { t } = useTranslation('common')
  const Icon = direction === 'asc' ? IconArrowUp : IconArrowDown
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" data-testid="cards-sort">
      <NativeSelect
        label={t('sort.label')}
        size="sm"
        value={value}
        onChange={(event) => onSort(event.currentTarget.value as Key)}
        data={options.map((option) => ({ value: option.value, label: option.label }))}
        style={{ flex: 1 }}
      />
      <Button variant="default" size="sm" leftSection={<Icon size={16} aria-hidden />} onClick={() => onSort(value)}>
        {t(direction === 'asc' ? 'sort.asc' : 'sort.desc')}
      </Button>
    </Group>
  )
}

/**
 * True below the theme's `sm` breakpoint: a phone, where a table of several columns would scroll
 * sideways. Read synchronously on the first render, so a phone never draws the table first.
 */
export function useNarrowScreen(): boolean {
  const theme = useMantineTheme()
  const below = em((px(theme.breakpoints.sm) as number) - 0.1)
  return useMediaQuery(`(max-width: ${below})`, false, { getInitialValueInEffect: false })
}

/**
 * A table on a wide screen and a stack of cards on a phone (issue 17: no sideways scrolling on a
 * 390 px screen). Each column says once how its cell looks; a card shows the `title` columns as its
 * heading, every `field` column as a labelled line and the `actions` columns along its foot, so
 * every piece of information and every action of a row stays reachable on a phone.
 */
export function ResponsiveTable<Row>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  label,
  minWidth,
  tableProps,
  cardsTestId,
  cardsHeader,
}: ResponsiveTableProps<Row>) {
  const narrow = useNarrowScreen()
  if (narrow) {
    const titles = columns.filter((column) => column.card === 'title')
    const fields = columns.filter((column) => (column.card ?? 'field') === 'field')
    const actions = columns.filter((column) => column.card === 'actions')
    const shown = (column: ResponsiveColumn<Row>, row: Row) => (column.cardCell ?? column.cell)(row)
    const cards = (
      <Stack
        component="ul"
        gap="sm"
        aria-label={label}
        data-testid={cardsTestId}
        data-layout="cards"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {rows.map((row) => (
          <Card component="li" key={rowKey(row)} withBorder radius="md" padding="sm" {...rowAttributes?.(row)}>
            <Stack gap="xs">
              {titles.map((column) => (
                <Box key={column.key} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {shown(column, row)}
                </Box>
              ))}
              {fields.length > 0 && (
                <Box component="dl" m={0}>
                  {fields.map((column) => (
                    <Group
                      key={column.key}
                      justify="space-between"
                      align="baseline"
                      wrap="nowrap"
                      gap="sm"
                      py={2}
                      data-column={column.key}
                    >
                      <Text component="dt" size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {column.label}
                      </Text>
                      <Box
                        component="dd"
                        m={0}
                        fz="sm"
                        miw={0}
                        ta="end"
                        style={{ overflowWrap: 'anywhere' }}
                        data-testid={`card-${column.key}`}
                      >
                        {shown(column, row)}
                      </Box>
                    </Group>
                  ))}
                </Box>
              )}
              {actions.length > 0 && (
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  {actions.map((column) => (
                    <Fragment key={column.key}>{shown(column, row)}</Fragment>
                  ))}
                </Group>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    )
    return cardsHeader ? (
      <Stack gap="sm">
        {cardsHeader}
        {cards}
      </Stack>
    ) : (
      cards
    )
  }

  const table = (
    <Table data-layout="table" {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            column.th ? (
              <Fragment key={column.key}>{column.th}</Fragment>
            ) : (
              <Table.Th key={column.key}>{column.label}</Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} {...rowAttributes?.(row)}>
            {columns.map((column) => (
              <Table.Td key={column.key} {...column.tdProps}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table
}
