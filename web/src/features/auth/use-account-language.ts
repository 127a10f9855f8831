import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../lib/i18n.js'
import { syncAccountLanguage } from './account-language.js'
import { accountApi } from './api/account-api.js'
import { sessionStore } from './session.js'
import { useSession } from './use-session.js'

/** Keeps the signed-in account's language (for its emails) the same as the interface's. */
export function useAccountLanguage(): void {
  const { i18n } = useTranslation()
  const language = currentLanguage(i18n)
  const { user } = useSession()
  const stored = user?.language
  const userId = user?.id
  useEffect(() => {
    if (!userId || stored === language) return
    void syncAccountLanguage({ store: sessionStore, setLanguage: accountApi.setLanguage }, language)
  }, [userId, stored, language])
}
