import { MantineThemeProvider, Notification } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The notification stack, with each notification's close button named in the interface's
 * language: Mantine's is an icon alone, which a screen reader announces as a nameless button
 * (axe: button-name). A theme layer gives every notification the name, wherever it is shown from.
 */
export function LocalizedNotifications() {
  const { t } = useTranslation('common')
  const label = t('close')
  const theme = useMemo(
    () => ({
      components: {
        Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': label } } }),
      },
    }),
    [label],
  )
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications position="top-right" />
    </MantineThemeProvider>
  )
}
