import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core'
import { IconInfoCircle, IconRocket } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { usePlanName } from '../../../components/use-plan-name.js'
import type { TransferFormLimits, UpgradeComparison } from '../form-types.js'
import { useUpgradeMessage } from '../hooks/use-upgrade-message.js'

export interface UpgradeModalProps {
  opened: boolean
  onClose(): void
  limits: TransferFormLimits
  comparison: UpgradeComparison
  upgradeTo: string
}

/** The upgrade prompt when the files exceed the plan (spec/transfers.md §2, §5, §6, spec/accounts.md §9), its figures from plan data. */
export function UpgradeModal({ opened, onClose, limits, comparison, upgradeTo }: UpgradeModalProps) {
  const { t } = useTranslation('transfers')
  const upgradeMessage = useUpgradeMessage(limits)
  const planName = usePlanName()

  const expiry = (hours: number | null, upTo: boolean) => {
    if (hours === null) return t('upgrade.unlimited')
    const text = hours % 24 === 0 ? t('upgrade.days', { count: hours / 24 }) : t('upgrade.hours', { count: hours })
    return upTo ? t('upgrade.upTo', { value: text }) : text
  }
  const grace = (hours: number) =>
    hours === 0
      ? t('upgrade.none')
      : hours % 24 === 0
        ? t('upgrade.days', { count: hours / 24 })
        : t('upgrade.hours', { count: hours })

  return (
    <Modal opened={opened} onClose={onClose} title={t('upgrade.title')} centered radius="lg" size="lg">
      <Stack gap="md">
        <Text fw={600} data-testid="upgrade-message">
          {upgradeMessage}
        </Text>
        <Table withTableBorder withColumnBorders verticalSpacing="xs" data-testid="upgrade-comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{planName(comparison.free)}</Table.Th>
              <Table.Th>{planName(comparison.pro)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('upgrade.expiry')}</Table.Th>
              <Table.Td>{expiry(comparison.free.maxExpiryHours, false)}</Table.Td>
              <Table.Td>{expiry(comparison.pro.maxExpiryHours, true)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('upgrade.recovery')}</Table.Th>
              <Table.Td>{grace(comparison.free.recoveryGraceHours)}</Table.Td>
              <Table.Td>{grace(comparison.pro.recoveryGraceHours)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group gap={6} wrap="nowrap" c="dimmed">
          <IconInfoCircle size={16} style={{ flexShrink: 0 }} />
          <Text size="sm" c="dimmed">
            {t('upgrade.managedByAdmins')}
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('upgrade.cancel')}
          </Button>
          <Button component={Link} to={upgradeTo} leftSection={<IconRocket size={16} />}>
            {t('upgrade.cta')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
