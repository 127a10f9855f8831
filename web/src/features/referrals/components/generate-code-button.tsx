import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPlus } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useGenerateReferral } from '../api/referral-queries.js'

/** 'Generate New Code' (spec/accounts.md §2): disabled unless the plan allows payouts; 'Failed to generate referral code' on failure. */
export function GenerateCodeButton({ userId, allowsPayouts }: { userId: string; allowsPayouts: boolean }) {
  const { t } = useTranslation('billing')
  const generate = useGenerateReferral(userId)
  return (
    <Button
      leftSection={<IconPlus size={16} />}
      disabled={!allowsPayouts}
      loading={generate.isPending}
      onClick={() =>
        generate.mutate(undefined, {
          onSuccess: (referral) =>
            notifications.show({ color: 'green', message: t('referrals.generated', { code: referral.invite_code }) }),
          onError: () => notifications.show({ color: 'red', message: t('referrals.generateFailed') }),
        })
      }
    >
      {t('referrals.generate')}
    </Button>
  )
}
