import { Anchor, Group, Pill, PillsInput, Text, TextInput } from '@mantine/core'
import { IconMail } from '@tabler/icons-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { RecipientFieldProblem, TransferFormState } from '../hooks/use-transfer-form.js'

export interface RecipientsFieldProps {
  form: TransferFormState
  maxRecipients: number
  disabled?: boolean
  /** A plan with more recipients, offered before anyone types (the free plan's field). */
  upgrade?: { to: string; maxRecipients: number }
}

function useProblemText() {
  const { t } = useTranslation('transfers')
  return (problem: RecipientFieldProblem | null): string | undefined => {
    if (!problem) return undefined
    switch (problem.code) {
      case 'email_required':
        return t('recipients.errors.emailRequired')
      case 'required':
        return t('recipients.errors.required')
      case 'invalid':
        return t('recipients.errors.invalid', { value: problem.value })
      case 'duplicate':
        return t('recipients.errors.duplicate', { value: problem.value })
      case 'too_many':
        return t('recipients.errors.tooMany', { count: problem.n })
    }
  }
}

const separatorKeys = new Set([',', ';', ' '])

/**
 * Recipients (spec/transfers.md §2, §5): a single email field when the plan allows one; above that, chips
 * added by comma, semicolon, space, Enter or paste, with 'N of M recipients'.
 */
export function RecipientsField({ form, maxRecipients, disabled, upgrade }: RecipientsFieldProps) {
  const { t } = useTranslation('transfers')
  const problemText = useProblemText()
  const counterId = useId()
  const error = problemText(form.recipientError)

  if (!form.multiple) {
    return (
      <TextInput
        type="email"
        label={t('recipients.singleLabel')}
        placeholder={t('recipients.placeholder')}
        leftSection={<IconMail size={16} />}
        value={form.recipientInput}
        onChange={(event) => form.changeRecipientInput(event.currentTarget.value)}
        error={error}
        disabled={disabled}
        autoComplete="email"
        description={
          upgrade ? (
            <span data-testid="recipient-plan-limit">
              {t('recipients.planLimit', { count: maxRecipients })}{' '}
              <Anchor component={Link} to={upgrade.to} size="xs" fw={600}>
                {t('recipients.upgrade', { count: upgrade.maxRecipients })}
              </Anchor>
            </span>
          ) : undefined
        }
        data-testid="recipient-email"
      />
    )
  }

  const atCap = form.recipients.length >= maxRecipients
  return (
    <PillsInput
      label={t('recipients.label')}
      description={
        <Group justify="space-between" gap="xs" component="span">
          <span>{t('recipients.hint')}</span>
          <Text span size="xs" c={atCap ? 'orange.7' : 'dimmed'} id={counterId} data-testid="recipient-counter">
            {t('recipients.counter', { count: form.recipients.length, max: maxRecipients })}
          </Text>
        </Group>
      }
      error={error}
      disabled={disabled}
      data-testid="recipients-input"
    >
      <Pill.Group>
        {form.recipients.map((email) => (
          <Pill
            key={email}
            withRemoveButton={!disabled}
            onRemove={() => form.removeRecipient(email)}
            removeButtonProps={{ 'aria-label': t('recipients.remove', { email }) }}
            data-testid="recipient-chip"
          >
            {email}
          </Pill>
        ))}
        <PillsInput.Field
          aria-label={t('recipients.inputLabel')}
          aria-describedby={counterId}
          placeholder={form.recipients.length === 0 ? t('recipients.placeholderMany') : undefined}
          value={form.recipientInput}
          inputMode="email"
          autoComplete="off"
          onChange={(event) => form.changeRecipientInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              form.commitRecipientInput('', true)
            } else if (separatorKeys.has(event.key)) {
              event.preventDefault()
              form.commitRecipientInput()
            } else if (event.key === 'Backspace' && form.recipientInput === '' && form.recipients.length > 0) {
              form.removeRecipient(form.recipients[form.recipients.length - 1] as string)
            }
          }}
          onPaste={(event) => {
            event.preventDefault()
            form.commitRecipientInput(event.clipboardData.getData('text'))
          }}
          onBlur={() => {
            if (form.recipientInput.trim()) form.commitRecipientInput()
          }}
          data-testid="recipient-input"
        />
      </Pill.Group>
    </PillsInput>
  )
}
