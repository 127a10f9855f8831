import { Accordion, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import type { ParseKeys } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { InfoPage } from '../info-pages.js'
import { ContactDetails } from './contact-details.js'

type PagesKey = ParseKeys<'pages'>

/** One content page (resources, tools information, help, contact) from its entry in infoPages. */
export function InfoPageView({ page }: { page: InfoPage }) {
  const { t } = useTranslation(['pages', 'common'])
  const text = (key: string) => t(`${page.id}.${key}` as PagesKey)
  useDocumentTitle(`${text('title')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xl">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={52} radius="md" variant="light" aria-hidden>
            <page.icon size={30} stroke={1.6} />
          </ThemeIcon>
          <Stack gap="xs">
            <Title order={1}>{text('title')}</Title>
            <Text size="lg" c="dark.4" maw={760}>
              {text('intro')}
            </Text>
          </Stack>
        </Group>

        {page.layout === 'cards' && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: page.sections.length > 3 ? 2 : 3 }} spacing="lg">
            {page.sections.map((section) => (
              <Paper key={section} withBorder radius="lg" p="lg" shadow="xs">
                <Title order={2} fz="h4" mb="xs">
                  {text(`sections.${section}.title`)}
                </Title>
                <Text c="dark.4">{text(`sections.${section}.body`)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}

        {page.layout === 'faq' && (
          <Accordion variant="separated" radius="md" order={2} defaultValue={page.sections[0]}>
            {page.sections.map((section) => (
              <Accordion.Item key={section} value={section}>
                <Accordion.Control>{text(`sections.${section}.title`)}</Accordion.Control>
                <Accordion.Panel>
                  <Text c="dark.4">{text(`sections.${section}.body`)}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}

        {page.layout === 'contact' && (
          <Stack gap="lg" maw={720}>
            <ContactDetails />
            <Paper withBorder radius="lg" p="lg">
              <Title order={2} fz="h4" mb="xs">
                {text('helpTitle')}
              </Title>
              <Text c="dark.4">{text('helpBody')}</Text>
            </Paper>
          </Stack>
        )}

        <Group gap="sm">
          {page.actions.map((action, index) => (
            <Button key={action.to} component={Link} to={action.to} variant={index === 0 ? 'filled' : 'default'}>
              {text(`actions.${action.label}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Container>
  )
}
