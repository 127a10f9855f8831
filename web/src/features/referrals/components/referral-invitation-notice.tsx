import { Group, Stack, Text } from '@mantine/core'
import { IconGift, IconInfoCircle } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useReferralInvitation } from '../api/referral-queries.js'
import { invitationNotice, keepsCode } from '../invitation-notice.js'
import { forgetReferralCode } from '../pending-referral.js'

/**
 * Above the sign-up form of /register?ref={code} (issue 17 item 6): who invites and the trial the
 * code gives, or, politely, that the code is unknown or used (then it is not kept for the upgrade
 * modal). Sign-up works whatever it says.
 */
export function ReferralInvitationNotice({ code }: { code: string }) {
  // Not suspending: the sign-up dialog must not wait for this namespace; it shows once it is in.
  const { t, ready } = useTranslation('billing', { useSuspense: false })
  const query = useReferralInvitation(code.trim())
  const notice = invitationNotice(query)
  const forget = !keepsCode(notice)
  useEffect(() => {
    if (forget) forgetReferralCode()
  }, [forget])

  if (!ready || notice.kind === 'loading') return null
  const invited = notice.kind === 'invited'
  return (
    // Not an alert: it is part of what the dialog says, read with its title.
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      mb="md"
      p="xs"
      bg={invited ? 'blue.0' : 'gray.1'}
      c={invited ? 'blue.9' : 'gray.9'}
      style={{ borderRadius: 8 }}
      data-testid="referral-invitation"
      data-state={notice.kind}
    >
      {invited ? (
        <IconGift size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      ) : (
        <IconInfoCircle size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      )}
      {invited ? (
        <Stack gap={2}>
          <Text size="sm" fw={700}>
            {t('referrals.invitation.invited', { name: notice.inviterName })}
          </Text>
          <Text size="sm">{t('referrals.invitation.offer', { count: notice.trialDays })}</Text>
        </Stack>
      ) : (
        <Text size="sm" fw={500}>
          {t(`referrals.invitation.${notice.kind}`)}
        </Text>
      )}
    </Group>
  )
}
