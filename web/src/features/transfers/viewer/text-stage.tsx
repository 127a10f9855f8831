import 'highlight.js/styles/a11y-light.css'
import './text-stage.css'
import { Alert, Box, Center, Loader, Table, Text } from '@mantine/core'
import { IconScissors } from '@tabler/icons-react'
import Papa from 'papaparse'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import Markdown, { type Components } from 'react-markdown'
import { fetchRange } from './byte-range.js'
import { highlightCode } from './highlight.js'
import { type CodeLanguage, decodeTextHead, prettyJson, textFormatOf, textPreviewBytes } from './text-format.js'
import type { StageProps } from './viewer-context.js'

/** Rows of a CSV drawn as a table at most (the rest is in the download). */
const maxCsvRows = 1000

/**
 * Markdown without any HTML of its own (no rehype-raw; raw HTML skipped), links opening apart
 * from Ferry, and images shown as their description: a file never loads anything from elsewhere.
 */
const markdownComponents: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ alt }) => <span>{alt ? `[${alt}]` : ''}</span>,
}

function Code({ text, language }: { text: string; language: CodeLanguage }) {
  const html = useMemo(() => highlightCode(text, language), [text, language])
  return (
    <pre className="hljs" data-testid="viewer-code" data-language={language}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes the text; only its own spans are markup */}
      <code dangerouslySetInnerHTML={{ __html: html }} />
    </pre>
  )
}

function CsvTable({ text, delimiter, cut }: { text: string; delimiter: string | undefined; cut: boolean }) {
  const { t } = useTranslation('viewer')
  const rows = useMemo(() => {
    const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true, preview: maxCsvRows + 2 })
    // A cut file's last row is cut too.
    return cut ? parsed.data.slice(0, -1) : parsed.data
  }, [text, delimiter, cut])
  const [header = [], ...body] = rows
  const shown = body.slice(0, maxCsvRows)
  return (
    <Box p="md">
      <Table.ScrollContainer minWidth={400}>
        <Table striped withTableBorder withColumnBorders data-testid="viewer-csv">
          <Table.Thead>
            <Table.Tr>
              {header.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
                <Table.Th key={index}>{cell}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <Table.Tr key={rowIndex}>
                {row.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place
                  <Table.Td key={index}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {body.length > maxCsvRows && (
        <Text size="sm" c="dimmed" mt="xs" data-testid="viewer-csv-rows">
          {t('text.firstRows', { count: maxCsvRows })}
        </Text>
      )}
    </Box>
  )
}

/** The file's first MiB as the viewer shows it: highlighted code, rendered Markdown, a CSV table, JSON indented, or plain text. */
function TextBody({ name, text, cut }: { name: string; text: string; cut: boolean }) {
  const format = textFormatOf(name)
  switch (format.kind) {
    case 'markdown':
      return (
        <Box className="ferry-markdown" data-testid="viewer-markdown">
          <Markdown skipHtml components={markdownComponents}>
            {text}
          </Markdown>
        </Box>
      )
    case 'csv':
      return <CsvTable text={text} delimiter={format.delimiter} cut={cut} />
    case 'json':
      return <Code text={prettyJson(text) ?? text} language="json" />
    case 'code':
      return <Code text={text} language={format.language} />
    default:
      return (
        <pre data-testid="viewer-plain-text">
          <code>{text}</code>
        </pre>
      )
  }
}

/**
 * A text file in the viewer: only its first MiB is fetched (one Range request), decoded as
 * UTF-8 and shown by its kind (text-format.ts); the page says when the file goes on beyond.
 */
export default function TextStage({ file }: StageProps) {
  const { t } = useTranslation('viewer')
  const [state, setState] = useState<{ text: string; cut: boolean } | 'loading' | 'failed'>('loading')

  useEffect(() => {
    const controller = new AbortController()
    setState('loading')
    fetchRange(file.preview_url, 0, textPreviewBytes - 1, { signal: controller.signal })
      .then((answer) => setState(decodeTextHead(answer.bytes, answer.total)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        // An empty file has no first byte to ask for (416).
        setState((error as { status?: number }).status === 416 ? { text: '', cut: false } : 'failed')
      })
    return () => controller.abort()
  }, [file.preview_url])

  if (state === 'loading') {
    return (
      <Center h="100%">
        <Loader role="status" color="gray.3" aria-label={t('loading')} />
      </Center>
    )
  }
  if (state === 'failed') {
    return (
      <Center h="100%">
        <Text c="gray.3" data-testid="viewer-failed">
          {t('failed')}
        </Text>
      </Center>
    )
  }
  // Focusable, so the text scrolls with the keyboard too.
  return (
    <Box h="100%" style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={file.file_name}>
      <Box className="ferry-text-page" data-testid="viewer-text">
        {state.cut && (
          <Alert
            color="yellow"
            variant="light"
            radius={0}
            icon={<IconScissors size={18} />}
            data-testid="viewer-text-cut"
          >
            {t('text.cut')}
          </Alert>
        )}
        <TextBody name={file.file_name} text={state.text} cut={state.cut} />
      </Box>
    </Box>
  )
}
