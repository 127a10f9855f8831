import { Alert, Anchor, Text } from '@mantine/core'
import { IconShieldLock } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useLocation } from 'react-router'
import { paths } from '../../../lib/paths.js'
import { useSession } from '../../auth/index.js'
import { useTwoFactorRequirement } from '../api/two-factor-requirement-api.js'

/**
 * Required two-factor sign-in (issue 23 item 2), on every page of a signed-in account without a
 * second factor: during the grace period a banner counts the days left and links to the
 * profile's security section; once it ended, every page sends the person to the set-up page
 * (the server refuses everything else with 403 `two_factor_enrolment_required` by then).
 */
export function TwoFactorRequirementNotice() {
  const { t } = useTranslation('account')
  const { isAuthenticated } = useSession()
  const { pathname } = useLocation()
  const requirement = useTwoFactorRequirement(isAuthenticated)
  const { refetch } = requirement
  // Asked again on each page opened: a deadline that passed while the app was open takes effect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is what should trigger it
  useEffect(() => {
    if (isAuthenticated) void refetch()
  }, [pathname])

  const data = requirement.data
  if (!isAuthenticated || !data?.required || data.enrolled || data.days_left === null) return null
  if (data.days_left === 0) {
    return pathname === paths.twoFactorSetup ? null : <Navigate to={paths.twoFactorSetup} replace />
  }
  if (pathname === paths.twoFactorSetup) return null
  return (
    <Alert
      color="orange"
      variant="light"
      radius={0}
      icon={<IconShieldLock size={20} />}
      title={t('twoFactorRequired.bannerTitle', { count: data.days_left })}
      data-testid="two-factor-required-banner"
    >
      <Text size="sm">
        {t('twoFactorRequired.bannerText')}{' '}
        <Anchor component={Link} to={paths.profileSecurity}>
          {t('twoFactorRequired.bannerLink')}
        </Anchor>
      </Text>
    </Alert>
  )
}
