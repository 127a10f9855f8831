import type { PromotionCreateRequest } from '@ferry/contracts/api/promotions'
import {
  type AdminPromotion,
  type PromotionLanguage,
  promotionImageMaxBytes,
  promotionLanguages,
  promotionLinkField,
} from '@ferry/contracts/api/promotions'
import { Button, FileInput, Group, Modal, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core'
import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CampaignFormValues, fromLocalInput, initialValues, readAsDataUrl } from '../campaign-form.js'

export interface CampaignFormModalProps {
  opened: boolean
  /** The campaign to edit; a new one when absent (then an image is required). */
  campaign?: AdminPromotion | null
  pending: boolean
  /** The red error alert of a failed save, shown above the fields. */
  error?: ReactNode
  onClose(): void
  /** The request body; `image` is absent on an edit that keeps the image. */
  onSubmit(body: Omit<PromotionCreateRequest, 'image'> & { image?: string }): void
}

type Problems = Partial<Record<'image' | 'link_url' | 'alt' | 'ends', string>>

/** The New campaign and Edit campaign modals: image, link, alt text, languages, dates, active. */
export function CampaignFormModal({ opened, campaign, pending, error, onClose, onSubmit }: CampaignFormModalProps) {
  const { t } = useTranslation('promotions')
  const [values, setValues] = useState<CampaignFormValues>(() => initialValues(campaign))
  const [file, setFile] = useState<File | null>(null)
  const [problems, setProblems] = useState<Problems>({})
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }))

  useEffect(() => {
    if (!opened) return
    setValues(initialValues(campaign))
    setFile(null)
    setProblems({})
  }, [opened, campaign])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const startsAt = fromLocalInput(values.starts)
    const endsAt = fromLocalInput(values.ends)
    const found: Problems = {
      image:
        !campaign && !file
          ? t('form.imageRequired')
          : file && file.size > promotionImageMaxBytes
            ? t('form.imageTooLarge')
            : undefined,
      link_url: promotionLinkField.safeParse(values.link_url).success ? undefined : t('form.linkInvalid'),
      alt: values.alt.trim() ? undefined : t('form.altRequired'),
      ends: startsAt && endsAt && endsAt > startsAt ? undefined : t('form.endsAfterStart'),
    }
    setProblems(found)
    if (Object.values(found).some(Boolean) || !startsAt || !endsAt) return
    onSubmit({
      link_url: values.link_url.trim(),
      alt: values.alt.trim(),
      language: values.language,
      starts_at: startsAt,
      ends_at: endsAt,
      active: values.active,
      ...(file ? { image: await readAsDataUrl(file) } : {}),
    })
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={campaign ? t('form.editTitle') : t('form.createTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error}
          <FileInput
            label={t('form.image')}
            description={campaign ? t('form.imageKeep') : t('form.imageHint')}
            placeholder={t('form.imagePlaceholder')}
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            value={file}
            onChange={setFile}
            error={problems.image}
            required={!campaign}
            clearable
            data-testid="campaign-image"
          />
          <TextInput
            type="url"
            label={t('form.link')}
            description={t('form.linkHint')}
            value={values.link_url}
            onChange={(event) => set('link_url', event.currentTarget.value)}
            error={problems.link_url}
            required
            data-testid="campaign-link"
          />
          <TextInput
            label={t('form.alt')}
            description={t('form.altHint')}
            value={values.alt}
            onChange={(event) => set('alt', event.currentTarget.value)}
            error={problems.alt}
            required
            data-testid="campaign-alt"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="campaign-language-label">
              {t('form.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="campaign-language-label"
              data={promotionLanguages.map((value) => ({ value, label: t(`languages.${value}`) }))}
              value={values.language}
              onChange={(value) => set('language', value as PromotionLanguage)}
              data-testid="campaign-language"
            />
          </Stack>
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label={t('form.starts')}
              value={values.starts}
              onChange={(event) => set('starts', event.currentTarget.value)}
              required
              data-testid="campaign-starts"
            />
            <TextInput
              type="datetime-local"
              label={t('form.ends')}
              value={values.ends}
              onChange={(event) => set('ends', event.currentTarget.value)}
              error={problems.ends}
              required
              data-testid="campaign-ends"
            />
          </Group>
          <Switch
            label={t('form.active')}
            checked={values.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
            data-testid="campaign-active"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="campaign-submit">
              {campaign ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
