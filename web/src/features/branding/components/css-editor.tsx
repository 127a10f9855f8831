import type { CssRefused } from '@ferry/contracts/api/branding'
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { isApiError } from '../../../lib/api-error.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useBrandCss, useDeleteCss, useSaveCss } from '../api/branding-api.js'

/** The character offset of a 1-based line and column in `text`. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset)
    if (next === -1) return text.length
    offset = next + 1
  }
  return Math.min(offset + column - 1, text.length)
}

/**
 * The organization's stylesheet (issue 22 item 4): a code field, saved as text/css. When the
 * server refuses it, the refusal's line and column are shown and the cursor is put there.
 */
export function CssEditor({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const { t, i18n } = useTranslation(['branding', 'common'])
  const stored = useBrandCss(organizationId)
  const save = useSaveCss(organizationId)
  const remove = useDeleteCss(organizationId)
  const [css, setCss] = useState<string | null>(null)
  const [done, setDone] = useState<'saved' | 'removed' | null>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  const text = css ?? stored.data?.css ?? ''

  const refusal =
    save.error && isApiError(save.error) && save.error.code === 'css_refused'
      ? (save.error.body as CssRefused | undefined)
      : undefined

  useEffect(() => {
    const input = field.current
    if (!refusal || !input) return
    const at = offsetOf(input.value, refusal.line, refusal.column)
    input.focus()
    input.setSelectionRange(at, at)
  }, [refusal])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setDone(null)
    save.mutate(text, { onSuccess: () => setDone('saved') })
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="brand-css">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {t('css.title')}
          </Title>
          <Text size="sm">{t('css.text')}</Text>
          <Text size="sm" c="dimmed">
            {t('css.hooks')}
          </Text>
          <Textarea
            ref={field}
            label={t('css.label')}
            value={text}
            onChange={(event) => {
              setCss(event.currentTarget.value)
              if (save.isError) save.reset()
            }}
            autosize
            minRows={8}
            maxRows={24}
            spellCheck={false}
            readOnly={!canManage}
            styles={{ input: { fontFamily: 'monospace' } }}
            error={
              refusal
                ? t('css.refusedAt', {
                    line: refusal.line,
                    column: refusal.column,
                    // The server's stable reason code, in the reader's language, with what it names.
                    reason: t(`css.reasons.${refusal.reason}`, { subject: refusal.subject ?? '' }),
                  })
                : undefined
            }
            data-testid="brand-css-input"
          />
          {save.isError && !refusal && <ErrorAlert onClose={save.reset}>{errorMessage(i18n, save.error)}</ErrorAlert>}
          {remove.isError && <ErrorAlert onClose={remove.reset}>{errorMessage(i18n, remove.error)}</ErrorAlert>}
          {done && (
            <Alert color="teal" role="status" data-testid="brand-css-done">
              {t(done === 'saved' ? 'css.saved' : 'css.removed')}
            </Alert>
          )}
          {canManage && (
            <Group gap="sm">
              <Button type="submit" loading={save.isPending} data-testid="brand-css-save">
                {t('css.save')}
              </Button>
              {stored.data?.css_url && (
                <Button
                  variant="default"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => {
                    setDone(null)
                    remove.mutate(undefined, {
                      onSuccess: () => {
                        setCss('')
                        setDone('removed')
                      },
                    })
                  }}
                >
                  {t('css.remove')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  )
}
