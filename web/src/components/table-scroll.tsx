import { Table } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A table that scrolls sideways on a narrow screen, reachable from the keyboard: the scrolling
 * viewport takes focus (arrow keys then scroll it) and is a region named `label`, so a table
 * without links or buttons can still be read to its last column (axe's
 * scrollable-region-focusable, WCAG 2.1.1).
 */
export function TableScroll({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  )
}
