import { Alert, Anchor, Stack, Text } from '@mantine/core'
import { IconLink } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { LinkInstead } from '../hooks/use-room-transfers.js'

export interface LinksInsteadProps {
  links: readonly LinkInstead[]
  onClose(transferId: string): void
}

/**
 * The receiver's side of "Send as a link instead" (issue 24 item 4): an offer that could not
 * connect arrived as a stored transfer; its share link, shown as text in a plain link.
 */
export function LinksInstead({ links, onClose }: LinksInsteadProps) {
  const { t } = useTranslation('rooms')
  if (links.length === 0) return null
  return (
    <Stack gap="xs">
      {links.map((link) => (
        <Alert
          key={link.transferId}
          color="blue"
          icon={<IconLink size={18} />}
          withCloseButton
          closeButtonLabel={t('transfers.dismiss')}
          onClose={() => onClose(link.transferId)}
          data-testid="link-instead"
        >
          <Text size="sm">{t('linkInstead.title', { name: link.senderName })}</Text>
          <Anchor
            href={link.shareUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid="link-instead-url"
          >
            {link.shareUrl}
          </Anchor>
        </Alert>
      ))}
    </Stack>
  )
}
