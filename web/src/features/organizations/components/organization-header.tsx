import type { Organization } from '@ferry/contracts/api/organizations'
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { usePlanName } from '../../../components/use-plan-name.js'
import { useUpdateOrganization } from '../api/organizations-api.js'
import { organizationErrorMessage } from '../organization-errors.js'
import { canRename } from '../roles.js'

/** The organization's name (renamed in place by owner and admin), its plan, seats and the reader's role. */
export function OrganizationHeader({ organization }: { organization: Organization }) {
  const { t, i18n } = useTranslation('organizations')
  const planName = usePlanName()
  const update = useUpdateOrganization(organization.id)
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(organization.name)
  const startEditing = () => {
    setName(organization.name)
    update.reset()
    setEditing(true)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) update.mutate({ name: name.trim() }, { onSuccess: () => setEditing(false) })
  }
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="organization-header">
      <Stack gap="sm">
        {editing ? (
          <form onSubmit={submit} noValidate>
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('header.nameLabel')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                maxLength={100}
                required
                style={{ flex: 1, minWidth: 200 }}
                data-autofocus
                data-testid="organization-rename-input"
              />
              <Button type="submit" loading={update.isPending} disabled={name.trim() === ''}>
                {t('header.save')}
              </Button>
              <Button variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
                {t('header.cancel')}
              </Button>
            </Group>
          </form>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Title order={2} fz="h2" style={{ overflowWrap: 'anywhere' }} data-testid="organization-name">
              {organization.name}
            </Title>
            {canRename(organization.my_role) && (
              <Tooltip label={t('header.rename')}>
                <ActionIcon variant="subtle" onClick={startEditing} aria-label={t('header.rename')}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
        {update.isError && (
          <ErrorAlert onClose={update.reset}>{organizationErrorMessage(i18n, update.error)}</ErrorAlert>
        )}
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed">
              {t('header.plan')}:{' '}
            </Text>
            <Text span fw={600} data-testid="organization-plan">
              {planName(organization.plan)}
            </Text>
          </Text>
          <Text size="sm" fw={600} data-testid="organization-seats">
            {t('header.seats', { count: organization.seats })}
          </Text>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('header.myRole')}:
            </Text>
            <Badge variant="light" data-testid="organization-my-role">
              {t(`roles.${organization.my_role}`)}
            </Badge>
          </Group>
        </Group>
      </Stack>
    </Paper>
  )
}
