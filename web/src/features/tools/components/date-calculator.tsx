import { Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { daysBetween } from '../days-between.js'

/** spec/accounts.md §2 Tools page: start and end dates, and the whole days between them. */
export function DateCalculator() {
  const { t } = useTranslation('tools')
  const [start, setStart] = useState('')
  const [end, setEnd] = useState('')
  const resultId = useId()
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={resultId}
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id={resultId}>
          {t('dateCalculator.title')}
        </Title>
        <Text c="dimmed">{t('dateCalculator.description')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label={t('dateCalculator.start')}
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('dateCalculator.end')}
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group gap="xs" align="baseline" aria-live="polite">
          <Text fw={600}>{t('dateCalculator.daysBetween')}:</Text>
          <Text fw={800} fz="xl" data-testid="days-between">
            {daysBetween(start, end)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  )
}
