import { type Referral, referralStatus } from '@ferry/contracts/api/referrals'
import { Badge, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatMoney } from '../../../components/use-format-money.js'
import { payoutColor, referralLink, visiblePayoutStatus } from '../referral-stats.js'
import { ReferralLinkActions } from './referral-link-actions.js'

export interface ReferralTableProps {
  referrals: readonly Referral[]
  /** The invite page: conversion date, open-link and every payout status; the profile hides PENDING. */
  variant: 'invite' | 'profile'
}

/** Referral codes with Status (Used or Available), Reward and dates (spec/accounts.md §2 Profile and Invite). */
export function ReferralTable({ referrals, variant }: ReferralTableProps) {
  const { t } = useTranslation('billing')
  const formatDate = useFormatDate()
  const money = useFormatMoney()
  const invite = variant === 'invite'
  const origin = window.location.origin

  return (
    <Table.ScrollContainer minWidth={invite ? 720 : 520}>
      <Table striped verticalSpacing="sm" data-testid="referral-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('referrals.columns.code')}</Table.Th>
            <Table.Th>{t('referrals.columns.status')}</Table.Th>
            <Table.Th>{t('referrals.columns.reward')}</Table.Th>
            <Table.Th>{invite ? t('referrals.columns.created') : t('referrals.columns.date')}</Table.Th>
            {invite && <Table.Th>{t('referrals.columns.converted')}</Table.Th>}
            <Table.Th>{t('referrals.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {referrals.map((referral) => {
            const used = referralStatus(referral) === 'Used'
            const payout = visiblePayoutStatus(referral.payout_status, !invite)
            return (
              <Table.Tr key={referral.id} data-testid="referral-row" data-code={referral.invite_code}>
                <Table.Td>
                  <Text ff="monospace" fw={600} size="sm" data-testid="referral-code">
                    {referral.invite_code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={used ? 'green' : 'blue'} data-testid="referral-status">
                    {used ? t('referrals.used') : t('referrals.available')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {payout ? (
                    <Badge variant="light" color={payoutColor(payout)} data-testid="referral-payout">
                      {t(`referrals.payoutStatus.${payout}`)}
                      {referral.payout_amount > 0 ? ` · ${money(referral.payout_amount)}` : ''}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(referral.created_at, 'date')}</Table.Td>
                {invite && (
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="referral-converted">
                    {referral.conversion_date ? formatDate(referral.conversion_date, 'date') : '—'}
                  </Table.Td>
                )}
                <Table.Td>
                  <ReferralLinkActions link={referralLink(origin, referral.invite_code)} withOpen={invite} />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
