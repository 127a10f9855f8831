import type { Plan } from '@ferry/contracts/api/plans'
import { Badge, Table, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { TableScroll } from '../../../components/table-scroll.js'
import { usePlanName } from '../../../components/use-plan-name.js'
import { type BillingInterval, type ComparisonCell, comparisonCell, comparisonRows } from '../plan-display.js'
import { usePlanText } from './use-plan-text.js'

export interface PlanComparisonTableProps {
  plans: readonly Plan[]
  interval: BillingInterval
}

function Mark({ value }: { value: boolean }) {
  const { t } = useTranslation('billing')
  return (
    <ThemeIcon
      role="img"
      size="sm"
      radius="xl"
      variant="light"
      color={value ? 'green' : 'gray'}
      aria-label={t(value ? 'comparison.yes' : 'comparison.no')}
    >
      {value ? <IconCheck size={14} /> : <IconX size={14} />}
    </ThemeIcon>
  )
}

/** The static comparison table of spec/accounts.md §2: one column per plan, every row computed from the plan's data. */
export function PlanComparisonTable({ plans, interval }: PlanComparisonTableProps) {
  const { t } = useTranslation('billing')
  const planName = usePlanName()
  const text = usePlanText()

  const cell = (value: ComparisonCell) => {
    switch (value.kind) {
      case 'flag':
        return <Mark value={value.value} />
      case 'soon':
        return (
          <Badge variant="light" color="gray" size="sm" data-testid="coming-soon">
            {t('comparison.comingSoon')}
          </Badge>
        )
      case 'price':
        return text.price(value.price)
      case 'size':
        return text.size(value.size)
      case 'duration':
        return text.duration(value.duration)
      case 'count':
        return value.value
      case 'payout':
        return value.amount === null ? <Mark value={false} /> : text.money(value.amount)
      case 'ads':
        return value.shown ? t('comparison.adsShown') : t('comparison.adsNone')
      case 'trial':
        return value.days === null ? <Mark value={false} /> : t('comparison.trialDays', { count: value.days })
    }
  }

  return (
    <section aria-labelledby="plan-comparison-title">
      <Title order={2} id="plan-comparison-title" fz="h3" mb="md">
        {t('comparison.title')}
      </Title>
      <TableScroll minWidth={720} label={t('comparison.title')}>
        <Table striped withTableBorder verticalSpacing="sm" data-testid="plan-comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('comparison.feature')}</Table.Th>
              {plans.map((plan) => (
                <Table.Th key={plan.id} ta="center">
                  {planName(plan)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparisonRows.map((row) => (
              <Table.Tr key={row} data-testid={`comparison-row-${row}`}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {t(`comparison.rows.${row}`)}
                  </Text>
                </Table.Td>
                {plans.map((plan) => (
                  <Table.Td key={plan.id} ta="center" data-plan={plan.id}>
                    {cell(comparisonCell(plan, row, interval))}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </section>
  )
}
