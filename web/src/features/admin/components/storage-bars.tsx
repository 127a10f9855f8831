import { Box, Group, Stack, Text } from '@mantine/core'

export interface StorageBar {
  id: string
  label: string
  bytes: number
  /** The value as text beside the bar (size and count). */
  caption: string
  color: string
}

/**
 * A horizontal bar chart drawn with CSS: each bar's length is its share of the largest. The
 * numbers are in the text, so the bars themselves are decoration for screen readers.
 */
export function StorageBars({ bars, label }: { bars: StorageBar[]; label: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.bytes))
  return (
    <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {bars.map((bar) => (
        <Box component="li" key={bar.id} data-testid={`storage-bar-${bar.id}`}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{bar.label}</Text>
            <Text size="sm" fw={600} data-testid={`storage-value-${bar.id}`}>
              {bar.caption}
            </Text>
          </Group>
          <Box bg="var(--mantine-color-default-border)" h={10} style={{ borderRadius: 5 }} aria-hidden>
            <Box
              h={10}
              bg={`var(--mantine-color-${bar.color}-filled)`}
              style={{ borderRadius: 5, width: `${(bar.bytes / max) * 100}%`, minWidth: bar.bytes > 0 ? 4 : 0 }}
            />
          </Box>
        </Box>
      ))}
    </Stack>
  )
}
