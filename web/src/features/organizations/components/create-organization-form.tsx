import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconBuilding } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useCreateOrganization } from '../api/organizations-api.js'
import { organizationErrorMessage } from '../organization-errors.js'

/** For a user whose plan has central_billing and who belongs to no organization: becomes its owner. */
export function CreateOrganizationForm() {
  const { t, i18n } = useTranslation('organizations')
  const create = useCreateOrganization()
  const [name, setName] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) create.mutate(name.trim())
  }
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="organization-create">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h3">
            {t('create.title')}
          </Title>
          <Text size="sm">{t('create.text')}</Text>
          <TextInput
            label={t('create.nameLabel')}
            placeholder={t('create.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={100}
            required
            data-testid="organization-name-input"
          />
          {create.isError && (
            <ErrorAlert onClose={create.reset} data-testid="organization-create-error">
              {organizationErrorMessage(i18n, create.error)}
            </ErrorAlert>
          )}
          <Button
            type="submit"
            w="fit-content"
            leftSection={<IconBuilding size={16} />}
            loading={create.isPending}
            disabled={name.trim() === ''}
          >
            {t('create.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
