import { Alert, MantineThemeProvider, Notification } from '@mantine/core'
import { type ReactNode, useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Names Mantine's icon-only close buttons in the interface's language, for every notification
 * and every closable alert wherever it is shown from: without a name a screen reader announces a
 * nameless button (axe: button-name). A theme layer over the app's theme, so no call site has to
 * remember it.
 */
export function LocalizedTheme({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common')
  const close = t('close')
  const theme = useMemo(
    () => ({
      components: {
        Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
        Alert: Alert.extend({ defaultProps: { closeButtonLabel: close } }),
      },
    }),
    [close],
  )
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
}
