import { useTranslation } from 'react-i18next'
import { LegalDocument } from './legal-document.js'

const sectionIds = [
  'account',
  'transfers',
  'requests',
  'payments',
  'cookies',
  'logs',
  'retention',
  'sharing',
  'rights',
] as const

/** The privacy policy (/privacy): what Ferry stores, why, how long, and the reader's rights. */
export function PrivacyView() {
  const { t } = useTranslation('legal')
  return (
    <LegalDocument
      id="privacy"
      title={t('privacy.title')}
      intro={t('privacy.intro')}
      sections={sectionIds.map((id) => ({
        id,
        title: t(`privacy.sections.${id}.title`),
        body: t(`privacy.sections.${id}.body`),
      }))}
    />
  )
}
