import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconRocket } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

export interface UpgradeCardProps {
  title: string
  /** What the feature does, and which plans have it. */
  body: ReactNode
  upgradeTo: string
  upgradeLabel: string
  /** A second way on (the plans side by side). */
  secondary?: { to: string; label: string }
  /** An illustration of the feature, under the text. */
  children?: ReactNode
  /** The heading level the page needs (2 under the page's title). */
  order?: 2 | 3
  testId?: string
}

/**
 * A plan feature the reader's plan lacks (DECISIONS §12: 'the browser shows an upgrade path
 * instead of the control'): what it does, and the way to a plan that has it.
 */
export function UpgradeCard({
  title,
  body,
  upgradeTo,
  upgradeLabel,
  secondary,
  children,
  order = 2,
  testId,
}: UpgradeCardProps) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="md" ta="center">
        <IconRocket size={40} aria-hidden />
        <Title order={order}>{title}</Title>
        <Text c="dimmed" maw={560}>
          {body}
        </Text>
        {children}
        <Group gap="sm" justify="center">
          <Button component={Link} to={upgradeTo}>
            {upgradeLabel}
          </Button>
          {secondary && (
            <Button component={Link} to={secondary.to} variant="default">
              {secondary.label}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
