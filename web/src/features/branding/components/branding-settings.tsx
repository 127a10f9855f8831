import { Loader, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { UpgradeCard } from '../../../components/upgrade-card.js'
import { errorMessage } from '../../../lib/error-message.js'
import { paths } from '../../../lib/paths.js'
import { useCurrentBranding } from '../api/branding-api.js'
import { BackgroundGallery } from './background-gallery.js'
import { CssEditor } from './css-editor.js'

/**
 * The organization's "Branding" section (issue 22 items 3 and 4): the stylesheet editor and the
 * background gallery for the features its plan has, an upgrade card for those it lacks.
 */
export function BrandingSettings() {
  const { t, i18n } = useTranslation(['branding', 'common'])
  const current = useCurrentBranding()
  if (current.isPending) return <Loader role="status" aria-label={t('pageTitle')} />
  if (current.isError)
    return <ErrorAlert onClose={() => void current.refetch()}>{errorMessage(i18n, current.error)}</ErrorAlert>
  const { organization_id: organizationId, can_manage: canManage, features } = current.data
  if (!organizationId) {
    return (
      <UpgradeCard
        title={t('noOrganization.title')}
        body={t('noOrganization.body')}
        upgradeTo={paths.upgrade}
        upgradeLabel={t('noOrganization.action')}
        testId="brand-no-organization"
      />
    )
  }
  const upgrade = (
    <UpgradeCard
      title={t('upgrade.title')}
      body={t('upgrade.body')}
      upgradeTo={paths.upgrade}
      upgradeLabel={t('upgrade.action')}
      testId="brand-upgrade"
    />
  )
  if (!features.custom_css && !features.custom_background) return upgrade
  return (
    <Stack gap="lg">
      {!canManage && <Text size="sm">{t('readOnly')}</Text>}
      {features.custom_background && <BackgroundGallery organizationId={organizationId} canManage={canManage} />}
      {features.custom_css && <CssEditor organizationId={organizationId} canManage={canManage} />}
      {!(features.custom_css && features.custom_background) && upgrade}
    </Stack>
  )
}
