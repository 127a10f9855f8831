import { ActionIcon, Group, Paper, Text } from '@mantine/core'
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconChevronUp } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The pill floating at the foot of a viewer's stage that holds its controls (zoom, pages). */
export function StageToolbar({ children }: { children: ReactNode }) {
  return (
    <Paper
      pos="absolute"
      bottom={16}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 2 }}
      radius="xl"
      shadow="md"
      px="xs"
      py={4}
    >
      <Group gap={4} wrap="nowrap">
        {children}
      </Group>
    </Paper>
  )
}

export interface PageStepperProps {
  page: number
  count: number
  onStep(step: 1 | -1): void
  /** Arrows up/down for pages that scroll (a PDF), left/right for pages that turn (the data room). */
  direction: 'vertical' | 'horizontal'
  testIds: { previous: string; number: string; next: string }
}

/** Previous page, 'Page n of m' (read out as it changes), next page: at the foot of the stage. */
export function PageStepper({ page, count, onStep, direction, testIds }: PageStepperProps) {
  const { t } = useTranslation('viewer')
  const Previous = direction === 'vertical' ? IconChevronUp : IconChevronLeft
  const Next = direction === 'vertical' ? IconChevronDown : IconChevronRight
  return (
    <StageToolbar>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('pdf.previousPage')}
        disabled={page <= 1}
        onClick={() => onStep(-1)}
        data-testid={testIds.previous}
      >
        <Previous size={20} aria-hidden />
      </ActionIcon>
      <Text
        size="sm"
        px={4}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        aria-live="polite"
        data-testid={testIds.number}
      >
        {t('pdf.pageOf', { page, count })}
      </Text>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('pdf.nextPage')}
        disabled={page >= count}
        onClick={() => onStep(1)}
        data-testid={testIds.next}
      >
        <Next size={20} aria-hidden />
      </ActionIcon>
    </StageToolbar>
  )
}
