import {
  Badge,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { downloadText } from '../download-text.js'
import { exportFileName, markedCss } from '../marked-css.js'
import { playgroundVariants } from '../playground-variants.js'
import { usePlaygroundState } from '../use-playground-state.js'
import { playgroundCatalog } from './playground-catalog.js'

const previewAttribute = 'data-style-preview'

/**
 * spec/accounts.md §2 Mantine Style Playground: components ticked as 'used', up to four variants each,
 * and a live CSS editor whose rules apply only inside the preview (CSS nesting under its
 * attribute), exported as custom-mantine.css with the lines of the ticked components.
 */
export function StylePlayground() {
  const { t } = useTranslation('tools')
  const { used, css, setUsed, setCss } = usePlaygroundState()
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Box {...{ [previewAttribute]: '' }}>
          <style>{`[${previewAttribute}] {\n${css}\n}`}</style>
          <Stack gap="md">
            {playgroundCatalog.map((entry) => {
              const isUsed = used.includes(entry.name)
              return (
                <Paper
                  key={entry.name}
                  withBorder
                  radius="md"
                  p="md"
                  component="section"
                  aria-label={entry.name}
                  data-testid={`playground-${entry.name}`}
                >
                  <Group justify="space-between" mb="sm">
                    <Group gap="xs">
                      <Title order={2} fz="h4">
                        {entry.name}
                      </Title>
                      {isUsed && (
                        <Badge color="teal" variant="light">
                          {t('playground.usedBadge')}
                        </Badge>
                      )}
                    </Group>
                    <Checkbox
                      label={t('playground.used')}
                      aria-label={t('playground.markUsed', { component: entry.name })}
                      checked={isUsed}
                      onChange={(event) => setUsed(entry.name, event.currentTarget.checked)}
                    />
                  </Group>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                    {playgroundVariants(entry.sets).map((variant, index) => (
                      <Box key={`${variant.color}-${variant.size}-${variant.variant}`}>
                        {entry.render(variant, t, index)}
                      </Box>
                    ))}
                  </SimpleGrid>
                </Paper>
              )
            })}
          </Stack>
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="md" pos="sticky" top={80}>
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('playground.editorTitle')}
            </Title>
            <Textarea
              label={t('playground.editorLabel')}
              description={t('playground.editorHint')}
              value={css}
              onChange={(event) => setCss(event.currentTarget.value)}
              autosize
              minRows={8}
              maxRows={24}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            />
            <Text size="sm" c="dimmed">
              {t('playground.exportCount', { count: used.length })}
            </Text>
            <Button
              leftSection={<IconDownload size={18} />}
              // Nothing ticked, nothing to export.
              disabled={used.length === 0}
              onClick={() => downloadText(exportFileName, markedCss(css, used))}
            >
              {t('playground.export')}
            </Button>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  )
}
