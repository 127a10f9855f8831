import { ActionIcon, CopyButton, Tooltip } from '@mantine/core'
import { IconCheck, IconLink } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** The Actions column's copy button of My Requests. */
export function CopyLinkButton({ value }: { value: string }) {
  const { t } = useTranslation('requestLinks')
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('mine.copied') : t('mine.copyLink')} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'blue'} onClick={copy} aria-label={t('mine.copyLink')}>
            {copied ? <IconCheck size={18} /> : <IconLink size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  )
}
