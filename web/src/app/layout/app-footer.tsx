import { Anchor, Container, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.js'

/** The legal and help links every page ends with (issue 17 item 7). */
export const footerLinks = [
  { to: paths.terms, label: 'footer.terms' },
  { to: paths.privacy, label: 'footer.privacy' },
  { to: paths.help, label: 'footer.help' },
  { to: paths.contact, label: 'footer.contact' },
] as const

export function AppFooter() {
  const { t } = useTranslation('common')
  return (
    <Container component="footer" size="xl" py="lg" px="md" data-testid="app-footer">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('footer.tagline', { year: new Date().getFullYear() })}
        </Text>
        <Group component="nav" aria-label={t('footer.label')} gap="md">
          {footerLinks.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
              {t(link.label)}
            </Anchor>
          ))}
        </Group>
      </Group>
    </Container>
  )
}
