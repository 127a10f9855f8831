import { Anchor, Checkbox, Stack, Switch } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export interface DataRoomOptionProps {
  /** The sender's plan has max_document_features.clean_data_room. */
  inPlan: boolean
  /** Where a plan without it is offered one (the switch then shows, off, with the link). */
  upgradeTo?: string
  checked: boolean
  onChange(checked: boolean): void
  pdfDownload: boolean
  onPdfDownloadChange(checked: boolean): void
  disabled?: boolean
  /** Test ids' prefix: `transfer` on the send form, `detail` on the transfer's page. */
  testIdPrefix: string
}

/**
 * "Clean data room (view only)" (issue 19 item 3), on the send form and the transfer's page: a
 * switch, and once on, whether recipients may download a watermarked PDF. Turning it on makes
 * the transfer recipients-only (the caller does; this says so). Without the plan flag: the
 * switch, off and disabled, with the upgrade link, as other plan features do.
 */
export function DataRoomOption({
  inPlan,
  upgradeTo,
  checked,
  onChange,
  pdfDownload,
  onPdfDownloadChange,
  disabled,
  testIdPrefix,
}: DataRoomOptionProps) {
  const { t } = useTranslation('transfers')
  if (!inPlan && !upgradeTo) return null
  return (
    <Stack gap="xs">
      <Switch
        label={t('dataRoom.option.label')}
        description={
          inPlan ? (
            checked ? (
              `${t('dataRoom.option.description')} ${t('dataRoom.option.recipientsOnly')}`
            ) : (
              t('dataRoom.option.description')
            )
          ) : (
            <Anchor component={Link} to={upgradeTo ?? ''} size="xs" data-testid={`${testIdPrefix}-data-room-upgrade`}>
              {t('dataRoom.option.upgrade')}
            </Anchor>
          )
        }
        checked={inPlan && checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={disabled || !inPlan}
        data-testid={`${testIdPrefix}-data-room`}
      />
      {inPlan && checked && (
        <Checkbox
          ml={{ base: 0, xs: 54 }}
          label={t('dataRoom.option.pdfLabel')}
          description={t('dataRoom.option.pdfDescription')}
          checked={pdfDownload}
          onChange={(event) => onPdfDownloadChange(event.currentTarget.checked)}
          disabled={disabled}
          data-testid={`${testIdPrefix}-data-room-pdf`}
        />
      )}
    </Stack>
  )
}
