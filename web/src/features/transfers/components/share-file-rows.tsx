import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import type { ReactNode } from 'react'

/** The bordered list that holds a share page's file rows. */
export function ShareFileRows({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none', overflow: 'hidden' }}
      data-testid={testId}
    >
      {children}
    </Paper>
  )
}

export interface ShareFileRowProps {
  name: string
  /** Under the name: the size, and whatever else the list says of the file. */
  details: ReactNode
  icon: ReactNode
  iconColor: string
  /** The row's buttons, at its end. */
  children?: ReactNode
  first: boolean
}

/**
 * One file of a share page's list: its icon, name and details, then its buttons. Rows carry the
 * `share-file` test id and the file's name, as the gallery's tiles do.
 */
export function ShareFileRow({ name, details, icon, iconColor, children, first }: ShareFileRowProps) {
  return (
    <li
      data-testid="share-file"
      data-file-name={name}
      style={{ borderTop: first ? undefined : '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" px="md" py="sm">
        <ThemeIcon variant="light" color={iconColor} radius="md" size="lg">
          {icon}
        </ThemeIcon>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="share-file-name">
            {name}
          </Text>
          {details}
        </Stack>
        {children}
      </Group>
    </li>
  )
}
