import type { AdminUserCreateResponse } from '@ferry/contracts/api/admin'
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatDate } from '../../../components/use-format-date.js'

/**
 * Shown after Create User (or a new link): a new account's set-password link, shown this once; a
 * new link for an existing account only went to its owner, so the admin is told that instead.
 */
export function CreatedLinkModal({
  created,
  title,
  onClose,
}: {
  created: AdminUserCreateResponse | null
  /** 'User created', or the title of a new link for an existing user. */
  title: string
  onClose(): void
}) {
  const { t } = useTranslation('admin')
  const formatDate = useFormatDate()
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
    >
      {created && (
        <Stack gap="md">
          <Text size="sm" data-testid="set-password-message">
            {t(created.set_password_url ? 'created.message' : 'created.messageEmailedOnly', {
              email: created.user.email,
              date: formatDate(created.set_password_expires_at),
            })}
          </Text>
          {!created.email_sent && (
            <Alert color="orange" variant="light">
              {t(created.set_password_url ? 'created.emailFailed' : 'created.emailFailedEmailedOnly')}
            </Alert>
          )}
          {created.set_password_url && <LinkField url={created.set_password_url} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('created.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}

/** The link with a copy button, for the admin to hand over a new account's link. */
function LinkField({ url }: { url: string }) {
  const { t } = useTranslation('admin')
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={t('created.linkLabel')}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1 }}
        data-testid="set-password-link"
      />
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'filled'}
            color={copied ? 'teal' : 'blue'}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
          >
            {copied ? t('created.copied') : t('created.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  )
}
