import {
  type RequireSender,
  requestExpiryDays,
  requestExpiryPresets,
  requestMessageMax,
  requestNameMax,
} from '@ferry/contracts/api/request-links'
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { RequestLinkFormErrors, RequestLinkFormValues } from '../request-link-form-values.js'

export interface RequestLinkFieldsProps {
  values: RequestLinkFormValues
  errors: RequestLinkFormErrors
  onChange(values: RequestLinkFormValues): void
}

/**
 * The fields of a request link, shared by Create Link and the edit dialog of My Requests: what it is
 * for, a message for the person uploading, the expiry (a number of days or a preset) and the
 * guardrails the server enforces (files, total size, types, who must say who they are, one upload only).
 */
export function RequestLinkFields({ values, errors, onChange }: RequestLinkFieldsProps) {
  const { t } = useTranslation('requestLinks')
  const set = <K extends keyof RequestLinkFormValues>(key: K, value: RequestLinkFormValues[K]) =>
    onChange({ ...values, [key]: value })
  const error = (key: keyof RequestLinkFormErrors) => {
    const problem = errors[key]
    return problem ? t(problem) : undefined
  }

  return (
    <Stack gap="sm">
      <TextInput
        label={t('form.name')}
        description={t('form.nameHint')}
        placeholder={t('form.namePlaceholder')}
        withAsterisk
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={error('name')}
        maxLength={requestNameMax + 20}
        data-testid="request-name"
      />
      <Textarea
        label={t('form.message')}
        description={t('form.messageHint')}
        value={values.message}
        onChange={(event) => set('message', event.currentTarget.value)}
        error={error('message')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={requestMessageMax + 20}
        data-testid="request-message"
      />
      <Stack gap={4}>
        <TextInput
          type="number"
          min={requestExpiryDays.min}
          max={requestExpiryDays.max}
          step={1}
          label={t('create.expiresIn')}
          description={t('create.expiresHint')}
          value={values.expiresInDays}
          onChange={(event) => set('expiresInDays', event.currentTarget.value)}
          error={error('expiresInDays')}
          w={220}
          data-testid="request-expiry-days"
        />
        <Group gap={6} aria-label={t('form.presets')} role="group">
          {requestExpiryPresets.map((days) => (
            <Button
              key={days}
              size="compact-xs"
              variant={values.expiresInDays === String(days) ? 'filled' : 'default'}
              onClick={() => set('expiresInDays', String(days))}
            >
              {t('form.preset', { count: days })}
            </Button>
          ))}
        </Group>
      </Stack>
      <Text size="sm" fw={600} mt="xs">
        {t('form.limits')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="number"
          min={1}
          step={1}
          label={t('form.maxFiles')}
          description={t('form.noLimitHint')}
          value={values.maxFiles}
          onChange={(event) => set('maxFiles', event.currentTarget.value)}
          error={error('maxFiles')}
          data-testid="request-max-files"
        />
        <TextInput
          inputMode="decimal"
          label={t('form.maxTotal')}
          description={t('form.noLimitHint')}
          value={values.maxTotalMib}
          onChange={(event) => set('maxTotalMib', event.currentTarget.value)}
          error={error('maxTotalMib')}
          data-testid="request-max-total"
        />
        <TextInput
          label={t('form.allowedTypes')}
          description={t('form.allowedTypesHint')}
          placeholder="pdf, image/*"
          value={values.allowedTypes}
          onChange={(event) => set('allowedTypes', event.currentTarget.value)}
          data-testid="request-allowed-types"
        />
        <Select
          label={t('form.requireSender')}
          data={(['none', 'name', 'email'] as const).map((value) => ({
            value,
            label: t(`form.requireSenderOptions.${value}`),
          }))}
          value={values.requireSender}
          onChange={(value) => set('requireSender', (value ?? 'none') as RequireSender)}
          allowDeselect={false}
          data-testid="request-require-sender"
        />
      </SimpleGrid>
      <Checkbox
        label={t('form.singleUpload')}
        description={t('form.singleUploadHint')}
        checked={values.singleUpload}
        onChange={(event) => set('singleUpload', event.currentTarget.checked)}
        data-testid="request-single-upload"
      />
    </Stack>
  )
}
