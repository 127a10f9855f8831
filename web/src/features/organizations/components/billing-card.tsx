import type { Organization, OrganizationBilling } from '@ferry/contracts/api/organizations'
import { formatLocaleOf } from '@ferry/contracts/domain/languages'
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { usePlanName } from '../../../components/use-plan-name.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { useOrganizationBilling, useUpdateOrganization } from '../api/organizations-api.js'
import { organizationErrorMessage } from '../organization-errors.js'
import { canEditBillingEmail } from '../roles.js'

/** Cents of `currency` in the reader's language ('€24' / '24 €'). */
function useFormatCents(): (cents: number, currency: string) => string {
  const { i18n } = useTranslation()
  const locale = formatLocaleOf[currentLanguage(i18n)]
  return (cents, currency) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }).format(cents / 100)
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Box>
  )
}

/** Owner, admin and billing: seats × seat price, the total, the next date, and the billing contact. */
export function BillingCard({ organization }: { organization: Organization }) {
  const { t, i18n } = useTranslation('organizations')
  const billing = useOrganizationBilling(organization.id, true)
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="organization-billing">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('billing.title')}
        </Title>
        {billing.isPending && (
          <Center aria-busy="true">
            <Loader role="status" type="dots" aria-label={t('loading')} />
          </Center>
        )}
        {billing.isError && (
          <ErrorAlert onClose={() => void billing.refetch()}>
            {organizationErrorMessage(i18n, billing.error)}
          </ErrorAlert>
        )}
        {billing.data && <BillingFigures billing={billing.data} />}
        <BillingEmailForm organization={organization} />
      </Stack>
    </Paper>
  )
}

function BillingFigures({ billing }: { billing: OrganizationBilling }) {
  const { t } = useTranslation('organizations')
  const formatDate = useFormatDate()
  const formatCents = useFormatCents()
  const planName = usePlanName()
  const price = billing.seat_price_cents === null ? null : formatCents(billing.seat_price_cents, billing.currency)
  const interval = billing.interval
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
      <Figure label={t('billing.plan')} value={planName(billing.plan)} testId="billing-plan" />
      {interval && (
        <Figure label={t('billing.interval')} value={t(`billing.intervals.${interval}`)} testId="billing-interval" />
      )}
      <Figure
        label={t('billing.seats')}
        value={price === null ? String(billing.seats) : t('billing.seatsTimesPrice', { seats: billing.seats, price })}
        testId="billing-seats"
      />
      <Figure
        label={t('billing.total')}
        value={billing.amount_cents === null ? t('billing.none') : formatCents(billing.amount_cents, billing.currency)}
        testId="billing-total"
      />
      <Figure
        label={t('billing.nextDate')}
        value={billing.next_billing_date ? formatDate(billing.next_billing_date, 'date') : t('billing.none')}
        testId="billing-next-date"
      />
    </SimpleGrid>
  )
}

/** The billing contact: shown to whoever sees billing, editable by owner and billing. */
function BillingEmailForm({ organization }: { organization: Organization }) {
  const { t, i18n } = useTranslation('organizations')
  const update = useUpdateOrganization(organization.id)
  const [email, setEmail] = useState(organization.billing_email)
  const [saved, setSaved] = useState(false)
  const editable = canEditBillingEmail(organization.my_role)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSaved(false)
    update.mutate({ billing_email: email.trim() }, { onSuccess: () => setSaved(true) })
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('billing.emailLabel')}
            description={t('billing.emailDescription')}
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value)
              setSaved(false)
            }}
            readOnly={!editable}
            maxLength={254}
            style={{ flex: 1, minWidth: 240 }}
            data-testid="billing-email-input"
          />
          {editable && (
            <Button type="submit" loading={update.isPending} disabled={email.trim() === ''}>
              {t('billing.save')}
            </Button>
          )}
        </Group>
        {update.isError && (
          <ErrorAlert onClose={update.reset}>{organizationErrorMessage(i18n, update.error)}</ErrorAlert>
        )}
        {saved && (
          <Alert color="green" variant="light" role="status">
            {t('billing.saved')}
          </Alert>
        )}
      </Stack>
    </form>
  )
}
