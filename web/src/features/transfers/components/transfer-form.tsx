import { transferPasswordMinLength } from '@ferry/contracts/api/transfers'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Progress,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { IconLock, IconLogin, IconRocket, IconSend } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert'
import { DataRoomOption } from '../data-room/data-room-option.js'
import type { TransferFormLimits, UpgradeComparison } from '../form-types.js'
import { useFeatureMessage } from '../hooks/use-feature-message.js'
import type { TransferFormState } from '../hooks/use-transfer-form.js'
import { useUpgradeMessage } from '../hooks/use-upgrade-message.js'
import { BurnSwitch, DownloadLimitInput } from './download-limit-fields.js'
import { ExpiryField } from './expiry-field.js'
import { PasswordField } from './password-field.js'
import { RecipientsField } from './recipients-field.js'
import { SenderConfirmDialog } from './sender-confirm-dialog.js'
import { UpgradeModal } from './upgrade-modal.js'
import { UploadLimitLine } from './upload-limit-line.js'

export interface TransferFormProps {
  /** useTransferForm's state. */
  form: TransferFormState
  limits: TransferFormLimits
  /** False while the plan's limits load (the limit line waits for them). */
  limitsKnown: boolean
  /** The plan has password_protection: the form offers a password (else no field at all). */
  passwordInPlan?: boolean
  /** The plan has sftp_download: the form offers the transfer's SFTP login in the recipients' emails. */
  sftpInPlan?: boolean
  /**
   * The plan has max_document_features.clean_data_room: the form offers a clean data room; false
   * offers the upgrade; null while the plan is unknown (nothing shown).
   */
  dataRoomInPlan?: boolean | null
  isAuthenticated: boolean
  upgradeTo: string
  comparison: UpgradeComparison
  /** The yellow 'Plan Configuration' alert, when plan loading has problems. */
  planNotice?: ReactNode
  /**
   * The choice of the organization's background for recipients (features/branding, composed in by
   * the page for members whose plan has custom_background), given the form's value and setter.
   */
  backgroundChoice?: (choice: {
    value: string | null
    onChange(id: string | null): void
    disabled: boolean
  }) => ReactNode
}

const titleMax = 255
const messageMax = 10_000

/** The transfer form of spec/transfers.md §2 under the file picker: limit line, recipients, title, message, send. */
export function TransferForm({
  form,
  limits,
  limitsKnown,
  passwordInPlan = false,
  sftpInPlan = false,
  dataRoomInPlan = null,
  isAuthenticated,
  upgradeTo,
  comparison,
  planNotice,
  backgroundChoice,
}: TransferFormProps) {
  const { t } = useTranslation('transfers')
  const messageText = useFeatureMessage()
  const busy = form.phase !== 'idle'
  const state = form.buttonState
  const upgradeMessage = useUpgradeMessage(limits)

  const buttonLabel = {
    uploading: t('send.uploading'),
    login: t('send.login'),
    upgrade: t('send.upgrade'),
    disabled: t('send.transfer'),
    ready: t('send.transfer'),
  }[state]
  const buttonIcon =
    state === 'uploading' ? (
      <Loader size="xs" color="gray" />
    ) : state === 'login' ? (
      <IconLogin size={18} />
    ) : state === 'upgrade' ? (
      <IconRocket size={18} />
    ) : (
      <IconSend size={18} />
    )

  let hint: string | null = null
  if (state === 'disabled') hint = form.hasFiles ? t('send.needRecipient') : t('send.needFiles')
  if (form.noFiles) hint = t('send.needFiles')

  return (
    <Stack gap="md">
      <UploadLimitLine
        limits={limits}
        limitsKnown={limitsKnown}
        isAuthenticated={isAuthenticated}
        upgradeTo={upgradeTo}
      />
      {planNotice}
      <RecipientsField
        form={form}
        maxRecipients={limits.maxRecipients}
        disabled={busy}
        upgrade={
          isAuthenticated && limits.planRole === 'FREE' && comparison.pro.maxRecipients > limits.maxRecipients
            ? { to: upgradeTo, maxRecipients: comparison.pro.maxRecipients }
            : undefined
        }
      />
      <TextInput
        label={t('fields.title')}
        placeholder={t('fields.titlePlaceholder')}
        value={form.title}
        maxLength={titleMax}
        onChange={(event) => form.setTitle(event.currentTarget.value)}
        disabled={busy}
        data-testid="transfer-title"
      />
      <Textarea
        label={t('fields.message')}
        placeholder={t('fields.messagePlaceholder')}
        value={form.message}
        maxLength={messageMax}
        autosize
        minRows={2}
        maxRows={8}
        onChange={(event) => form.setMessage(event.currentTarget.value)}
        disabled={busy}
        data-testid="transfer-message"
      />
      <ExpiryField
        maxExpiryHours={limits.maxExpiryHours}
        value={form.expiresInHours}
        onChange={form.setExpiresInHours}
        upgradeTo={limits.planRole === 'FREE' ? upgradeTo : undefined}
        disabled={busy}
      />
      {isAuthenticated && dataRoomInPlan !== null && (
        <DataRoomOption
          inPlan={dataRoomInPlan}
          upgradeTo={upgradeTo}
          checked={form.cleanDataRoom}
          onChange={form.setCleanDataRoom}
          pdfDownload={form.dataRoomPdfDownload}
          onPdfDownloadChange={form.setDataRoomPdfDownload}
          disabled={busy}
          testIdPrefix="transfer"
        />
      )}
      <Radio.Group
        label={t('access.label')}
        description={form.cleanDataRoom ? t('dataRoom.option.recipientsOnly') : t('access.description')}
        value={form.access}
        onChange={(value) => form.setAccess(value === 'recipients' ? 'recipients' : 'link')}
        data-testid="transfer-access"
      >
        <Group gap="lg" mt={6}>
          <Radio
            value="link"
            label={t('access.link')}
            disabled={busy || form.cleanDataRoom}
            data-testid="transfer-access-link"
          />
          <Radio
            value="recipients"
            label={t('access.recipients')}
            disabled={busy}
            data-testid="transfer-access-recipients"
          />
        </Group>
      </Radio.Group>
      {passwordInPlan && isAuthenticated && (
        <PasswordField
          label={t('password.label')}
          description={t('password.description')}
          value={form.password}
          onChange={form.setPassword}
          disabled={busy}
          error={form.passwordError ? t('password.tooShort', { count: transferPasswordMinLength }) : null}
        />
      )}
      <DownloadLimitInput
        value={form.maxDownloads}
        onChange={form.setMaxDownloads}
        disabled={busy}
        testId="transfer-max-downloads"
      />
      <BurnSwitch
        checked={form.burnAfterDownload}
        onChange={form.setBurnAfterDownload}
        disabled={busy}
        testId="transfer-burn"
      />
      {isAuthenticated &&
        backgroundChoice?.({ value: form.backgroundId, onChange: form.setBackgroundId, disabled: busy })}
      {sftpInPlan && isAuthenticated && (
        <Checkbox
          label={t('sftpInEmail.label')}
          description={t('sftpInEmail.description')}
          checked={form.sftpInEmail}
          onChange={(event) => form.setSftpInEmail(event.currentTarget.checked)}
          disabled={busy}
          data-testid="transfer-sftp-in-email"
        />
      )}
      <Checkbox
        label={t('reminders.label')}
        description={t('reminders.description')}
        checked={form.reminders}
        onChange={(event) => form.setReminders(event.currentTarget.checked)}
        disabled={busy}
        data-testid="transfer-reminders"
      />
      {busy && (
        <Stack gap={4} data-testid="send-progress">
          <Progress
            value={form.progressPercent}
            size="lg"
            radius="xl"
            striped
            animated
            aria-label={t('progress.label')}
          />
          <Text size="sm" c="dimmed">
            {form.phase === 'creating'
              ? t('progress.creating')
              : t('progress.uploading', { percent: Math.floor(form.progressPercent) })}
          </Text>
        </Stack>
      )}
      {/* With files listed, the picker already asks a visitor to log in. */}
      {!isAuthenticated && !form.hasFiles && (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />} py="xs" data-testid="transfer-notice">
          <Text size="sm">{t('notice.login')}</Text>
        </Alert>
      )}
      {isAuthenticated && form.overLimit && (
        <Alert color="orange" variant="light" icon={<IconRocket size={18} />} py="xs" data-testid="transfer-notice">
          <Text size="sm">{upgradeMessage}</Text>
        </Alert>
      )}
      {form.failure && (
        <ErrorAlert title={t('create.failed.title')} onClose={form.dismissFailure} data-testid="transfer-failed">
          {messageText(form.failure)}
        </ErrorAlert>
      )}
      <Stack gap={4}>
        <Button
          size="lg"
          radius="md"
          fullWidth
          color={state === 'upgrade' ? 'orange' : undefined}
          leftSection={buttonIcon}
          disabled={state === 'disabled' || state === 'uploading'}
          onClick={form.send}
          data-testid="send-button"
          data-state={state}
        >
          {buttonLabel}
        </Button>
        {hint && isAuthenticated && (
          <Text size="xs" c="dimmed" ta="center" data-testid="send-hint">
            {hint}
          </Text>
        )}
      </Stack>
      <UpgradeModal
        opened={form.upgradeOpen}
        onClose={form.closeUpgrade}
        limits={limits}
        comparison={comparison}
        upgradeTo={upgradeTo}
      />
      <SenderConfirmDialog {...form.senderConfirm} />
    </Stack>
  )
}
