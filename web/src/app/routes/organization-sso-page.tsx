import { Alert, Anchor, Center, Container, Loader, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSession } from '../../features/auth/index.js'
import { SsoSettingsCard, useCurrentOrganization } from '../../features/organizations/index.js'
import { paths } from '../../lib/paths.js'

/**
 * /organization/sso (issue 23 item 3), behind RequireAuth: the single sign-on of the reader's
 * organization, for its owner and admins; others are told who can set it.
 */
export function OrganizationSsoPage() {
  const { t } = useTranslation(['organizations', 'common'])
  const { user } = useSession()
  const current = useCurrentOrganization(user !== null)
  useDocumentTitle(`${t('sso.title')} · ${t('brand', { ns: 'common' })}`)
  const organization = current.data?.organization

  let content: ReactNode
  if (current.isError) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('sso.loadFailed')}
      </Alert>
    )
  } else if (!current.data) {
    content = (
      <Center mih="30vh" aria-busy="true">
        <Loader role="status" type="dots" aria-label={t('loading', { ns: 'common' })} />
      </Center>
    )
  } else if (!organization) {
    content = (
      <Text data-testid="sso-no-organization">
        {t('sso.noOrganization')}{' '}
        <Anchor component={Link} to={paths.organization}>
          {t('sso.toOrganization')}
        </Anchor>
      </Text>
    )
  } else if (organization.my_role !== 'owner' && organization.my_role !== 'admin') {
    content = <Text data-testid="sso-not-manager">{t('sso.managersOnly')}</Text>
  } else {
    content = <SsoSettingsCard organizationId={organization.id} />
  }

  return (
    <Container size={900} py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1}>{organization ? `${organization.name} · ${t('sso.title')}` : t('sso.title')}</Title>
        <Text>{t('sso.intro')}</Text>
        {content}
      </Stack>
    </Container>
  )
}
