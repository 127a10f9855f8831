import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export interface LegalSection {
  id: string
  title: string
  body: string
}

export interface LegalDocumentProps {
  id: 'terms' | 'privacy'
  title: string
  intro: string
  sections: readonly LegalSection[]
  /** The page's own heading (h1), or a section of another page (h2, as on /upgrade). */
  embedded?: boolean
  /** Links to the other documents, under the text. */
  footer?: ReactNode
}

/** A legal text: title, introduction, numbered sections. */
export function LegalDocument({ id, title, intro, sections, embedded = false, footer }: LegalDocumentProps) {
  const titleId = `${id}-title`
  return (
    <Paper
      component={embedded ? 'section' : 'article'}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      aria-labelledby={titleId}
      data-testid={`legal-${id}`}
    >
      <Stack gap="md">
        <Title order={embedded ? 2 : 1} id={titleId} fz={embedded ? 'h3' : undefined}>
          {title}
        </Title>
        <Text>{intro}</Text>
        {sections.map((section, index) => (
          <Stack key={section.id} gap={4} data-testid={`${id}-${section.id}`}>
            <Title order={embedded ? 3 : 2} fz={embedded ? 'md' : 'h4'}>
              {`${index + 1}. ${section.title}`}
            </Title>
            <Text c="dark.4">{section.body}</Text>
          </Stack>
        ))}
        {footer}
      </Stack>
    </Paper>
  )
}
