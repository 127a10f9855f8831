import { type Background, backgroundInputTypes, maxBackgrounds } from '@ferry/contracts/api/branding'
import { Button, Code, FileInput, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconTrash, IconUpload } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { errorMessage } from '../../../lib/error-message.js'
import {
  useBackgrounds,
  useRemoveBackground,
  useUpdateBackgroundAlt,
  useUploadBackground,
} from '../api/branding-api.js'

/**
 * The organization's backgrounds (issue 22 item 3): upload one with its alt text (required), see
 * each, change its alt text, delete it. At most ten.
 */
export function BackgroundGallery({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const { t, i18n } = useTranslation(['branding', 'common'])
  const list = useBackgrounds(organizationId)
  const upload = useUploadBackground(organizationId)
  const [file, setFile] = useState<File | null>(null)
  const [alt, setAlt] = useState('')
  const [tried, setTried] = useState(false)
  const backgrounds = list.data ?? []
  const full = backgrounds.length >= maxBackgrounds

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!file || !alt.trim()) return
    upload.mutate(
      { file, alt: alt.trim() },
      {
        onSuccess: () => {
          setFile(null)
          setAlt('')
          setTried(false)
        },
      },
    )
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="brand-backgrounds">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h4">
            {t('backgrounds.title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="brand-backgrounds-count">
            {t('backgrounds.count', { count: backgrounds.length, max: maxBackgrounds })}
          </Text>
        </Group>
        <Text size="sm">{t('backgrounds.text', { max: maxBackgrounds })}</Text>
        {canManage && !full && (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <FileInput
                label={t('backgrounds.file')}
                accept={backgroundInputTypes.join(',')}
                value={file}
                onChange={setFile}
                clearable
                required
                error={tried && !file ? t('backgrounds.fileRequired') : undefined}
                data-testid="brand-background-file"
              />
              <TextInput
                label={t('backgrounds.alt')}
                description={t('backgrounds.altHint')}
                value={alt}
                onChange={(event) => setAlt(event.currentTarget.value)}
                maxLength={300}
                required
                error={tried && !alt.trim() ? t('backgrounds.altRequired') : undefined}
                data-testid="brand-background-alt"
              />
              {upload.isError && <ErrorAlert onClose={upload.reset}>{errorMessage(i18n, upload.error)}</ErrorAlert>}
              <Button
                type="submit"
                w="fit-content"
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
                data-testid="brand-background-upload"
              >
                {upload.isPending ? t('backgrounds.uploading') : t('backgrounds.upload')}
              </Button>
            </Stack>
          </form>
        )}
        {full && <Text size="sm">{t('backgrounds.full', { max: maxBackgrounds })}</Text>}
        {list.isSuccess && backgrounds.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('backgrounds.empty')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {backgrounds.map((background) => (
            <BackgroundCard
              key={background.id}
              organizationId={organizationId}
              background={background}
              canManage={canManage}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  )
}

function BackgroundCard({
  organizationId,
  background,
  canManage,
}: {
  organizationId: string
  background: Background
  canManage: boolean
}) {
  const { t, i18n } = useTranslation(['branding', 'common'])
  const update = useUpdateBackgroundAlt(organizationId)
  const remove = useRemoveBackground(organizationId)
  const [alt, setAlt] = useState(background.alt)
  const smallest = Math.min(...background.widths)
  const assetUrl = background.src.replace(/\/\d+\.webp$/, `/${smallest}.webp`)
  return (
    <Paper withBorder radius="md" p="sm" data-testid="brand-background">
      <Stack gap="xs">
        <picture>
          <source type="image/avif" srcSet={background.avif_srcset} sizes="(min-width: 48em) 360px, 100vw" />
          <Image
            src={assetUrl}
            srcSet={background.webp_srcset}
            sizes="(min-width: 48em) 360px, 100vw"
            alt={background.alt}
            radius="sm"
            h={160}
            fit="cover"
            loading="lazy"
          />
        </picture>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (alt.trim()) update.mutate({ id: background.id, alt: alt.trim() })
          }}
          noValidate
        >
          <Stack gap="xs">
            <TextInput
              label={t('backgrounds.alt')}
              value={alt}
              onChange={(event) => setAlt(event.currentTarget.value)}
              readOnly={!canManage}
              maxLength={300}
              required
              error={!alt.trim() ? t('backgrounds.altRequired') : undefined}
              data-testid="brand-background-alt-edit"
            />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('css.assetHint')} <Code>{assetUrl}</Code>
            </Text>
            {(update.isError || remove.isError) && (
              <ErrorAlert
                onClose={() => {
                  update.reset()
                  remove.reset()
                }}
              >
                {errorMessage(i18n, update.error ?? remove.error)}
              </ErrorAlert>
            )}
            {canManage && (
              <Group gap="xs">
                <Button
                  type="submit"
                  size="xs"
                  variant="default"
                  loading={update.isPending}
                  disabled={alt.trim() === background.alt}
                >
                  {t('backgrounds.saveAlt')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  loading={remove.isPending}
                  onClick={() => remove.mutate(background.id)}
                  data-testid="brand-background-remove"
                >
                  {t('backgrounds.remove')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Stack>
    </Paper>
  )
}
