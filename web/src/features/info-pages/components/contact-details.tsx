import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconInfoCircle, IconMail } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useContactEmail } from '../api/use-contact-email.js'

/** /contact: the operator's address when CONTACT_EMAIL is set; otherwise says so plainly. */
export function ContactDetails() {
  const { t } = useTranslation('pages')
  const { data: email, isPending } = useContactEmail()
  if (isPending) return <Loader size="sm" aria-label={t('contact.title')} role="status" />
  if (!email)
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle />} title={t('contact.noEmailTitle')}>
        <Stack gap="xs">
          <Text size="sm">{t('contact.noEmailBody')}</Text>
          <Text size="sm" c="dimmed">
            {t('contact.operatorHint')}
          </Text>
        </Stack>
      </Alert>
    )
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="xs">
        <Title order={2} fz="h3">
          {t('contact.emailTitle')}
        </Title>
        <Text>{t('contact.emailBody')}</Text>
        <Anchor href={`mailto:${email}`} fz="lg" fw={600} data-testid="contact-email">
          <IconMail size={18} style={{ verticalAlign: 'middle', marginRight: 6 }} aria-hidden />
          {email}
        </Anchor>
      </Stack>
    </Paper>
  )
}
