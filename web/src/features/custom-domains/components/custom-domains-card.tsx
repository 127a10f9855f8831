import type { CustomDomain } from '@ferry/contracts/api/custom-domains'
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconRefresh, IconTrash, IconWorldWww } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyableValue } from '../../../components/copyable-value.js'
import { ErrorAlert } from '../../../components/error-alert.js'
import { UpgradeCard } from '../../../components/upgrade-card.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import {
  useAddCustomDomain,
  useCheckCustomDomain,
  useCustomDomains,
  useRemoveCustomDomain,
} from '../api/custom-domains-api.js'

export interface CustomDomainsCardProps {
  organizationId: string
  /** Owner and admin add, check and remove hosts; other members only see them. */
  canManage: boolean
  /** The organization's plan has `custom_domain` (Enterprise); otherwise the way to it is shown. */
  hasFeature: boolean
  upgradeTo: string
}

const statusColor = { pending: 'yellow', verified: 'green', failed: 'red' } as const

/**
 * "Custom domains" of the organization page (issue 22 item 2): add a host, the TXT record to create
 * (copy buttons), its status with the last check, "Check now" and remove. Business gets the way to
 * Enterprise instead.
 */
export function CustomDomainsCard({ organizationId, canManage, hasFeature, upgradeTo }: CustomDomainsCardProps) {
  const { t } = useTranslation('domains')
  if (!hasFeature) {
    return (
      <UpgradeCard
        title={t('upgrade.title')}
        body={t('upgrade.body')}
        upgradeTo={upgradeTo}
        upgradeLabel={t('upgrade.action')}
        testId="custom-domains-upgrade"
      />
    )
  }
  return <DomainsPanel organizationId={organizationId} canManage={canManage} />
}

function DomainsPanel({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const { t, i18n } = useTranslation('domains')
  const domains = useCustomDomains(organizationId)
  const add = useAddCustomDomain(organizationId)
  const [host, setHost] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(host.trim(), { onSuccess: () => setHost('') })
  }

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="custom-domains">
      <Stack gap="md">
        <Group gap="xs">
          <IconWorldWww size={22} aria-hidden />
          <Title order={2} size="h3">
            {t('title')}
          </Title>
        </Group>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
        {canManage && (
          <form onSubmit={submit}>
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('hostLabel')}
                placeholder="files.example.com"
                value={host}
                onChange={(e) => setHost(e.currentTarget.value)}
                required
                style={{ flex: 1, minWidth: 220 }}
                data-testid="custom-domain-host"
              />
              <Button type="submit" loading={add.isPending} disabled={host.trim() === ''}>
                {t('add')}
              </Button>
            </Group>
          </form>
        )}
        {add.isError && <ErrorAlert onClose={add.reset}>{errorMessage(i18n, add.error)}</ErrorAlert>}
        {domains.isError && (
          <ErrorAlert onClose={() => void domains.refetch()}>{errorMessage(i18n, domains.error)}</ErrorAlert>
        )}
        {domains.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('empty')}
          </Text>
        )}
        {domains.data?.map((domain) => (
          <DomainRow key={domain.id} organizationId={organizationId} domain={domain} canManage={canManage} />
        ))}
      </Stack>
    </Paper>
  )
}

function DomainRow({
  organizationId,
  domain,
  canManage,
}: {
  organizationId: string
  domain: CustomDomain
  canManage: boolean
}) {
  const { t, i18n } = useTranslation('domains')
  const formatDate = useFormatDate()
  const check = useCheckCustomDomain(organizationId)
  const remove = useRemoveCustomDomain(organizationId)
  const [confirming, setConfirming] = useState(false)

  return (
    <Paper withBorder radius="md" p="md" data-testid="custom-domain" data-host={domain.host}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {domain.host}
            </Text>
            <Badge color={statusColor[domain.status]} variant="light" data-testid="custom-domain-status">
              {t(`status.${domain.status}`)}
            </Badge>
          </Group>
          {canManage && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                loading={check.isPending}
                onClick={() => check.mutate(domain.id)}
              >
                {t('checkNow')}
              </Button>
              {confirming ? (
                <Group gap={4}>
                  <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate(domain.id)}>
                    {t('confirmRemove')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                    {t('cancel')}
                  </Button>
                </Group>
              ) : (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setConfirming(true)}
                >
                  {t('remove')}
                </Button>
              )}
            </Group>
          )}
        </Group>
        <Text size="sm" c="dimmed" data-testid="custom-domain-checked">
          {domain.last_checked_at ? t('lastChecked', { time: formatDate(domain.last_checked_at) }) : t('notCheckedYet')}
        </Text>
        {domain.status !== 'verified' && (
          <Stack gap={4}>
            <Text size="sm">{t(domain.status === 'failed' ? 'recordFailed' : 'recordToCreate')}</Text>
            <CopyableValue label={t('txtName')} value={domain.txt_name} testId="custom-domain-txt-name" />
            <CopyableValue label={t('txtValue')} value={domain.txt_value} testId="custom-domain-txt-value" />
          </Stack>
        )}
        {domain.status === 'verified' && (
          <Text size="sm" data-testid="custom-domain-serving">
            {t('serving', { host: domain.host })}
          </Text>
        )}
        {check.isError && <ErrorAlert onClose={check.reset}>{errorMessage(i18n, check.error)}</ErrorAlert>}
        {remove.isError && <ErrorAlert onClose={remove.reset}>{errorMessage(i18n, remove.error)}</ErrorAlert>}
      </Stack>
    </Paper>
  )
}
