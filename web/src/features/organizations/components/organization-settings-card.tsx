import type { Organization } from '@ferry/contracts/api/organizations'
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconPalette, IconShieldLock, IconWorldWww } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.js'

/**
 * Where an owner or admin goes from the organization page to what the organization shows the
 * world: its branding (issue 22 items 3, 4) and its custom domains (item 2). Each page explains
 * the plan it needs when the organization's plan lacks the flag; and how its members sign in, with
 * its own identity provider (issue 23 item 3).
 */
export function OrganizationSettingsCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organizations')
  const links = [
    {
      to: paths.organizationBranding,
      icon: <IconPalette size={18} />,
      title: t('settings.branding'),
      body: t('settings.brandingBody'),
      testId: 'organization-branding-link',
    },
    {
      to: paths.organizationDomains,
      icon: <IconWorldWww size={18} />,
      title: t('settings.domains'),
      body: t('settings.domainsBody'),
      testId: 'organization-domains-link',
    },
    {
      to: paths.organizationSso,
      icon: <IconShieldLock size={18} />,
      title: t('settings.sso'),
      body: t('settings.ssoBody'),
      testId: 'organization-sso-link',
    },
  ]
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="organization-settings">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('settings.title', { name: organization.name })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {links.map((link) => (
            <Group key={link.to} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
                {link.icon}
              </ThemeIcon>
              <Stack gap={2}>
                <Anchor component={Link} to={link.to} fw={600} data-testid={link.testId}>
                  {link.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {link.body}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  )
}
