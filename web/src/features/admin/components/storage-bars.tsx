import { Box, Group, Stack, Text } from '@mantine/core'

export interface StorageBar {
  id: string
  label: string
  bytes: number
  /** The value as text beside the bar (size and count). */
  caption: string
  color: string
}

/** A bar's length in percent: its share of the total of all bars (walk 7.5: not of the largest one). */
export function barShare(bytes: number, bars: readonly Pick<StorageBar, 'bytes'>[]): number {
  const total = bars.reduce((sum, bar) => sum + Math.max(0, bar.bytes), 0)
  return total > 0 ? (Math.max(0, bytes) / total) * 100 : 0
}

/**
 * A horizontal bar chart drawn with CSS: each bar's length is its share of the total, so a row
 * holding 65 % of the bytes fills 65 % of its track. The numbers are in the text, so the bars
 * themselves are decoration for screen readers.
 */
export function StorageBars({ bars, label }: { bars: StorageBar[]; label: string }) {
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
              style={{ borderRadius: 5, width: `${barShare(bar.bytes, bars)}%`, minWidth: bar.bytes > 0 ? 4 : 0 }}
            />
          </Box>
        </Box>
      ))}
    </Stack>
  )
}
