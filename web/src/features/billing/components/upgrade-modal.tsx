import type { Plan } from '@ferry/contracts/api/plans'
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { usePlanName } from '../../../components/use-plan-name.js'
import { type BillingInterval, priceDisplay } from '../plan-display.js'
import { usePlanText } from './use-plan-text.js'

export interface UpgradeModalProps {
  /** The plan chosen; the modal is closed while null. */
  plan: Plan | null
  interval: BillingInterval
  initialReferralCode: string
  pending: boolean
  error: string | null
  onDismissError(): void
  onClose(): void
  onContinue(referralCode: string): void
}

/** 'Upgrade to {plan}' (spec/accounts.md §2): the plan and its price, an optional referral code, then the card provider's checkout. */
export function UpgradeModal({
  plan,
  interval,
  initialReferralCode,
  pending,
  error,
  onDismissError,
  onClose,
  onContinue,
}: UpgradeModalProps) {
  const { t } = useTranslation(['billing', 'common'])
  const planName = usePlanName()
  const text = usePlanText()
  const [code, setCode] = useState(initialReferralCode)
  // A new choice starts from the code the sign-up link carried.
  useEffect(() => {
    if (plan) setCode(initialReferralCode)
  }, [plan, initialReferralCode])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onContinue(code)
  }
  const yearly = interval === 'yearly' && plan?.price_yearly !== null

  return (
    <Modal
      opened={plan !== null}
      onClose={pending ? () => {} : onClose}
      title={plan ? t('modal.title', { plan: planName(plan) }) : ''}
      centered
      radius="lg"
      size="md"
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      {plan && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Table withTableBorder verticalSpacing="xs" data-testid="upgrade-modal-summary">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w="40%">{t('modal.plan')}</Table.Th>
                  <Table.Td data-testid="upgrade-modal-plan">{planName(plan)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('modal.price')}</Table.Th>
                  <Table.Td data-testid="upgrade-modal-price">
                    {text.price(priceDisplay(plan, interval))}
                    <Text size="xs" c="dimmed">
                      {yearly ? t('modal.billedYearly') : t('modal.billedMonthly')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <TextInput
              label={t('modal.referralLabel')}
              description={t('modal.referralHint')}
              placeholder={t('modal.referralPlaceholder')}
              value={code}
              maxLength={64}
              autoComplete="off"
              onChange={(event) => setCode(event.currentTarget.value)}
              disabled={pending}
            />
            {error && (
              <ErrorAlert onClose={onDismissError} data-testid="checkout-error">
                {error}
              </ErrorAlert>
            )}
            <Alert variant="light" color="blue" icon={<IconLock size={18} />}>
              <Text size="sm">{t('modal.redirectNote')}</Text>
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={pending}>
                {t('modal.cancel')}
              </Button>
              <Button type="submit" loading={pending}>
                {t('modal.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
