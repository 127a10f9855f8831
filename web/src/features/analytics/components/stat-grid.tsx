import { Paper, SimpleGrid, Text } from '@mantine/core'

export interface Stat {
  label: string
  value: string
  testId: string
}

/**
 * Totals as labelled figures: a description list, so a screen reader reads each figure with its
 * name ('Downloads completed: 12').
 */
export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: Math.min(4, stats.length) }} spacing="sm" m={0}>
      {stats.map((stat) => (
        <Paper key={stat.testId} withBorder radius="md" p="sm">
          <Text component="dt" size="xs" tt="uppercase" fw={700} c="dimmed">
            {stat.label}
          </Text>
          <Text component="dd" fz={24} fw={700} m={0} data-testid={stat.testId}>
            {stat.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
