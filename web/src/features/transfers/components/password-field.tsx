import { transferPasswordMaxLength, transferPasswordMinLength } from '@ferry/contracts/api/transfers'
import { Button, CopyButton, Group, PasswordInput, Stack } from '@mantine/core'
import { IconCheck, IconCopy, IconWand } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { generatePassphrase } from '../passphrase.js'

export interface PasswordFieldProps {
  value: string
  onChange(value: string): void
  label: string
  description?: string
  disabled?: boolean
  error?: string | null
  testId?: string
}

/** Whether a typed password may be sent: empty (none) or within the contract's bounds. */
export const passwordTooShort = (value: string) => value !== '' && value.length < transferPasswordMinLength

/**
 * A transfer password as the sender sets it: typed, or a generated passphrase (shown, so it can be
 * read out), with a copy button. Ferry never emails it: the sender shares it (issue 18).
 */
export function PasswordField({
  value,
  onChange,
  label,
  description,
  disabled,
  error,
  testId = 'transfer-password',
}: PasswordFieldProps) {
  const { t } = useTranslation('transfers')
  const [visible, setVisible] = useState(false)
  return (
    <Stack gap={6}>
      <PasswordInput
        label={label}
        description={description}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        visible={visible}
        onVisibilityChange={setVisible}
        maxLength={transferPasswordMaxLength}
        autoComplete="new-password"
        disabled={disabled}
        error={error}
        visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
        data-testid={testId}
      />
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconWand size={14} />}
          onClick={() => {
            onChange(generatePassphrase())
            setVisible(true)
          }}
          disabled={disabled}
          data-testid={`${testId}-generate`}
        >
          {t('password.generate')}
        </Button>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              disabled={disabled || value === ''}
              data-testid={`${testId}-copy`}
            >
              {copied ? t('password.copied') : t('password.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  )
}
