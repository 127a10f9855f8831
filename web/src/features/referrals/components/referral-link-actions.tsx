import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCopy, IconExternalLink } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** Copy (with 'Failed to copy referral link' when the clipboard refuses) and, on the invite page, open. */
export function ReferralLinkActions({ link, withOpen }: { link: string; withOpen: boolean }) {
  const { t } = useTranslation('billing')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      notifications.show({ color: 'green', message: t('referrals.copied') })
    } catch {
      notifications.show({ color: 'red', message: t('referrals.copyFailed') })
    }
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('referrals.copyLink')} withArrow>
        <ActionIcon variant="subtle" onClick={() => void copy()} aria-label={t('referrals.copyLink')}>
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
      {withOpen && (
        <Tooltip label={t('referrals.openLink')} withArrow>
          <ActionIcon
            variant="subtle"
            component="a"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('referrals.openLink')}
          >
            <IconExternalLink size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  )
}
