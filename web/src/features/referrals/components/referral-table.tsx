import { type Referral, referralStatus } from '@ferry/contracts/api/referrals'
import { Badge, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
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

  const columns: ResponsiveColumn<Referral>[] = [
    {
      key: 'code',
      label: t('referrals.columns.code'),
      card: 'title',
      cell: (referral) => (
        <Text ff="monospace" fw={600} size="sm" data-testid="referral-code">
          {referral.invite_code}
        </Text>
      ),
    },
    {
      key: 'status',
      label: t('referrals.columns.status'),
      cell: (referral) => {
        const used = referralStatus(referral) === 'Used'
        return (
          <Badge variant="light" color={used ? 'green' : 'blue'} data-testid="referral-status">
            {used ? t('referrals.used') : t('referrals.available')}
          </Badge>
        )
      },
    },
    {
      key: 'reward',
      label: t('referrals.columns.reward'),
      cell: (referral) => {
        const payout = visiblePayoutStatus(referral.payout_status, !invite)
        return payout ? (
          <Badge variant="light" color={payoutColor(payout)} data-testid="referral-payout">
            {t(`referrals.payoutStatus.${payout}`)}
            {referral.payout_amount > 0 ? ` · ${money(referral.payout_amount)}` : ''}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" span>
            —
          </Text>
        )
      },
    },
    {
      key: 'created',
      label: invite ? t('referrals.columns.created') : t('referrals.columns.date'),
      tdProps: { style: { whiteSpace: 'nowrap' } },
      cell: (referral) => formatDate(referral.created_at, 'date'),
    },
    ...(invite
      ? [
          {
            key: 'converted',
            label: t('referrals.columns.converted'),
            tdProps: { style: { whiteSpace: 'nowrap' }, 'data-testid': 'referral-converted' },
            cell: (referral: Referral) =>
              referral.conversion_date ? formatDate(referral.conversion_date, 'date') : '—',
          } satisfies ResponsiveColumn<Referral>,
        ]
      : []),
    {
      key: 'actions',
      label: t('referrals.columns.actions'),
      card: 'actions',
      cell: (referral) => <ReferralLinkActions link={referralLink(origin, referral.invite_code)} withOpen={invite} />,
    },
  ]

  return (
    <ResponsiveTable
      rows={referrals}
      columns={columns}
      rowKey={(referral) => referral.id}
      rowAttributes={(referral) => ({ 'data-testid': 'referral-row', 'data-code': referral.invite_code })}
      label={t('referrals.listTitle')}
      minWidth={invite ? 720 : 520}
      tableProps={{ striped: true, verticalSpacing: 'sm', 'data-testid': 'referral-table' }}
      cardsTestId="referral-cards"
    />
  )
}
