import { organizationsApi } from '@ferry/contracts/routes/organizations'
import { Alert, Anchor, Center, Container, Loader, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSession } from '../../features/auth/index.js'
import { useMyPlan } from '../../features/billing/index.js'
import { CustomDomainsCard } from '../../features/custom-domains/index.js'
import { apiClient } from '../../lib/api-client.js'
import { paths } from '../../lib/paths.js'

/**
 * /organization/domains (issue 22 item 2), behind RequireAuth: the custom domains of the reader's
 * organization (its plan is theirs while they belong to it); without an organization, the way to
 * the organization page.
 */
export function OrganizationDomainsPage() {
  const { t } = useTranslation(['domains', 'common'])
  const { user } = useSession()
  const current = useQuery({
    queryKey: ['organizations', 'current'],
    queryFn: ({ signal }) => apiClient.call(organizationsApi.current, {}, { signal }),
    enabled: user !== null,
  })
  const myPlan = useMyPlan(user?.id ?? null)
  useDocumentTitle(`${t('title')} · ${t('brand', { ns: 'common' })}`)
  const organization = current.data?.organization

  let content: ReactNode
  if (current.isError || myPlan.isError) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('loadFailed')}
      </Alert>
    )
  } else if (!current.data || !myPlan.data) {
    content = (
      <Center mih="30vh" aria-busy="true">
        <Loader role="status" type="dots" aria-label={t('loading', { ns: 'common' })} />
      </Center>
    )
  } else if (!organization) {
    content = (
      <Text data-testid="custom-domains-no-organization">
        {t('noOrganization')}{' '}
        <Anchor component={Link} to="/organization">
          {t('toOrganization')}
        </Anchor>
      </Text>
    )
  } else {
    content = (
      <CustomDomainsCard
        organizationId={organization.id}
        canManage={organization.my_role === 'owner' || organization.my_role === 'admin'}
        hasFeature={myPlan.data.plan.custom_domain}
        upgradeTo={paths.upgrade}
      />
    )
  }

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xl">
        <Title order={1}>{organization ? `${organization.name} · ${t('title')}` : t('title')}</Title>
        {content}
      </Stack>
    </Container>
  )
}
