import type { TransferFile } from '@ferry/contracts/api/transfers'
import {
  Alert,
  Button,
  Code,
  CopyButton,
  FileButton,
  Group,
  List,
  Paper,
  Progress,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconShieldCheck } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CheckResult, checkDownloads, type ExpectedFile } from './check-downloads.js'
import { createWorkerHasher } from './worker-hasher.js'

type State =
  | { kind: 'idle' }
  | { kind: 'checking'; fraction: number }
  | { kind: 'done'; result: CheckResult }
  | { kind: 'failed' }

/**
 * The share page's "Check your download" (issue 24): the recipient picks the files they downloaded,
 * or the ZIP, and the browser hashes them (in a worker, a slice at a time; nothing is uploaded) and
 * compares them with the SHA-256 the server keeps of each file. Shown once every file has one.
 */
export function DownloadCheck({ files }: { files: readonly TransferFile[] }) {
  const { t } = useTranslation('transfers')
  const [state, setState] = useState<State>({ kind: 'idle' })
  const hasher = useRef<ReturnType<typeof createWorkerHasher> | null>(null)
  useEffect(() => () => hasher.current?.dispose(), [])

  const expected: ExpectedFile[] = files.flatMap((f) =>
    f.sha256 ? [{ name: f.file_name, size: f.file_size, sha256: f.sha256 }] : [],
  )
  if (files.length === 0 || expected.length < files.length) return null

  const check = async (picked: File[]) => {
    if (picked.length === 0) return
    hasher.current ??= createWorkerHasher()
    setState({ kind: 'checking', fraction: 0 })
    try {
      const result = await checkDownloads(picked, expected, hasher.current.hash, (fraction) =>
        setState({ kind: 'checking', fraction }),
      )
      setState({ kind: 'done', result })
    } catch {
      setState({ kind: 'failed' })
    }
  }

  const result = state.kind === 'done' ? state.result : null
  const allVerified = result !== null && result.differing.length === 0 && result.verified.length === files.length
  return (
    <Paper withBorder radius="md" p="md" data-testid="download-check">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={20} aria-hidden />
          <Title order={3} size="h5">
            {t('share.check.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('share.check.intro')}
        </Text>
        <Group gap="sm">
          <FileButton multiple onChange={(picked) => void check(picked)}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={state.kind === 'checking'}
                data-testid="download-check-pick"
              >
                {t('share.check.pick')}
              </Button>
            )}
          </FileButton>
        </Group>
        {state.kind === 'checking' && (
          <Progress
            value={Math.round(state.fraction * 100)}
            aria-label={t('share.check.progress')}
            data-testid="download-check-progress"
          />
        )}
        {state.kind === 'failed' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('share.check.failed')}
          </Alert>
        )}
        {result && allVerified && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} data-testid="download-check-result">
            {t('share.check.allVerified', { count: files.length })}
          </Alert>
        )}
        {result && !allVerified && (
          <Alert
            color={result.differing.length > 0 ? 'red' : 'yellow'}
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="download-check-result"
          >
            <Stack gap={6}>
              {result.differing.length > 0 && (
                <>
                  <Text size="sm" fw={600}>
                    {t('share.check.differing', { count: result.differing.length })}
                  </Text>
                  <List size="sm">
                    {result.differing.map((name) => (
                      <List.Item key={name} data-testid="download-check-differing">
                        {name}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
              <Text size="sm">
                {t('share.check.someVerified', { count: result.verified.length, total: files.length })}
              </Text>
            </Stack>
          </Alert>
        )}
        <Spoiler maxHeight={0} showLabel={t('share.check.showSums')} hideLabel={t('share.check.hideSums')}>
          <Stack gap={6} pt="xs">
            {expected.map((file) => (
              <Stack gap={2} key={`${file.name}-${file.sha256}`}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Code style={{ overflowWrap: 'anywhere' }} data-testid="file-sha256">
                    {file.sha256}
                  </Code>
                  <CopyButton value={file.sha256} timeout={2000}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={copy}
                        aria-label={t('share.check.copyFor', { name: file.name })}
                      >
                        {copied ? t('share.check.copied') : t('share.check.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            ))}
          </Stack>
        </Spoiler>
      </Stack>
    </Paper>
  )
}
