import { type Language, languages } from '@ferry/contracts/domain/languages'
import i18next, { type i18n as I18n } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'

declare const __LOCALES_VERSION__: string

/** The languages Ferry ships, the same list the server writes emails in. */
export const supportedLanguages = languages
export type { Language }
export const namespaces = ['common', 'home', 'errors', 'uploads', 'requestLinks'] as const
export const fallbackLanguage: Language = 'en'

/** The language the UI is showing, narrowed to one we ship. */
export function currentLanguage(i18n: I18n): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language
  return supportedLanguages.find((code) => lng?.startsWith(code)) ?? fallbackLanguage
}

/**
 * Test hook: with `localStorage.ferryI18nDebug` set, English no longer fills in for a missing
 * translation and every key the UI asks for without a value is recorded on
 * `window.ferryMissingKeys` as `{lng}:{ns}:{key}`, so a browser test can fail on it.
 */
function missingKeyRecorder() {
  let enabled = false
  try {
    enabled = !!localStorage.getItem('ferryI18nDebug')
  } catch {
    // Storage blocked: no debugging.
  }
  if (!enabled) return {}
  const recorded: string[] = []
  Object.assign(window, { ferryMissingKeys: recorded })
  return {
    fallbackLng: false as const,
    saveMissing: true,
    saveMissingTo: 'current' as const,
    missingKeyHandler: (lngs: readonly string[], ns: string, key: string) => {
      for (const lng of lngs) recorded.push(`${lng}:${ns}:${key}`)
    },
  }
}

function syncHtmlLang(i18n: I18n): void {
  const lng = currentLanguage(i18n)
  document.documentElement.lang = lng
  document.documentElement.dir = i18n.dir(lng)
}

/**
 * Starts i18next as spec/transfers.md §1 describes: English fallback; detection from the `lng` query
 * parameter, cookie, local storage, session storage, browser and html tag, cached in local
 * storage; translations fetched from /locales/{lng}/{ns}.json. i18next's backend connector
 * retries a failed fetch (network error or 5xx) `maxRetries` times, waiting `retryTimeout`
 * and doubling each time: 350, 700, 1400, 2800, 5600 ms.
 */
export function initI18n(): I18n {
  i18next.on('languageChanged', () => syncHtmlLang(i18next))
  void i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: fallbackLanguage,
      supportedLngs: [...supportedLanguages],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: [...namespaces],
      defaultNS: 'common',
      maxRetries: 5,
      retryTimeout: 350,
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage'],
      },
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
        queryStringParams: { v: __LOCALES_VERSION__ },
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      ...missingKeyRecorder(),
    })
  return i18next
}
