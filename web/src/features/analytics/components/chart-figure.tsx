import { Box, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconChartBar, IconTable } from '@tabler/icons-react'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface FigureTable {
  /** Column headers; the first column names each row (a row header). */
  columns: readonly string[]
  /** Each row's cells, already formatted in the UI's language. */
  rows: readonly { key: string; cells: readonly ReactNode[] }[]
}

export interface ChartFigureProps {
  title: string
  /** A line under the title: what is counted. */
  description?: string
  /** The numbers the chart draws, as a table: always in the page for screen readers, shown on request. */
  table: FigureTable
  /** Nothing to draw: the text says so instead of an empty chart (and an empty table). */
  emptyText?: string | null
  /** The chart itself; hidden from assistive technology, which reads the table instead. */
  children?: ReactNode
  testId?: string
}

/**
 * A chart with its numbers as a table (issue 21 item 4): the chart is drawn for the eye and kept
 * from screen readers (an SVG of bars says nothing), and the table it was drawn from is always in
 * the page, visually hidden until 'Show as table' shows it. A chart that is only a table
 * (no children) shows the table at once.
 */
export function ChartFigure({ title, description, table, emptyText, children, testId }: ChartFigureProps) {
  const { t } = useTranslation('analytics')
  const [asTable, setAsTable] = useState(false)
  const titleId = useId()
  const tableId = useId()
  const chartless = children === undefined
  const showTable = chartless || asTable

  const tableElement = (
    <Table id={tableId} striped withTableBorder verticalSpacing={6} fz="sm" data-testid={testId && `${testId}-table`}>
      <VisuallyHidden component="caption">{title}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column, index) => (
            <Table.Th key={column} scope="col" ta={index === 0 ? undefined : 'right'}>
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, the columns never move
                <Table.Th key={index} scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </Table.Th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional, the columns never move
                <Table.Td key={index} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Title order={3} fz="md" id={titleId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {!chartless && !emptyText && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={asTable ? <IconChartBar size={14} /> : <IconTable size={14} />}
              aria-controls={tableId}
              onClick={() => setAsTable((shown) => !shown)}
            >
              {asTable ? t('figure.showChart') : t('figure.showTable')}
            </Button>
          )}
        </Group>
        {emptyText ? (
          <Text size="sm" c="dimmed" data-testid={testId && `${testId}-empty`}>
            {emptyText}
          </Text>
        ) : showTable ? (
          // Scrolls sideways on a narrow screen, reachable from the keyboard (as TableScroll does).
          <Table.ScrollContainer
            minWidth={320}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-labelledby': titleId } }}
          >
            {tableElement}
          </Table.ScrollContainer>
        ) : (
          <>
            <Box aria-hidden="true">{children}</Box>
            <VisuallyHidden>{tableElement}</VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  )
}
