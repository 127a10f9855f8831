import { type SsoSettings, type SsoSettingsRequest, ssoMappedRoles } from '@ferry/contracts/api/sso'
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconCheck, IconPlus, IconRefresh, IconTrash, IconX } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyableValue } from '../../../components/copyable-value.js'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { errorMessage } from '../../../lib/error-message.js'
import { useRemoveSsoSettings, useSaveSsoSettings, useSsoSettings, useVerifySsoDomain } from '../api/sso-api.js'

type MappedRole = (typeof ssoMappedRoles)[number]
interface MappingRow {
  key: number
  group: string
  role: MappedRole
}

/**
 * The organization's single sign-on (issue 23 item 3), for its owner and admins: the provider
 * (issuer, client, write-only secret), the email domain with the TXT record that proves it and
 * "Verify", the groups claim and its group → role rows, "SSO required" (only once the domain is
 * verified) and removal. The server checks everything again and answers coded refusals.
 */
export function SsoSettingsCard({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('organizations')
  const settings = useSsoSettings(organizationId)
  // Kept here: the form starts again (remounts) from the server's answer once saved.
  const [savedNotice, setSavedNotice] = useState(false)
  if (settings.isError) {
    return <ErrorAlert onClose={() => void settings.refetch()}>{errorMessage(i18n, settings.error)}</ErrorAlert>
  }
  if (settings.data === undefined) {
    return (
      <Center mih="20vh" aria-busy="true">
        <Loader role="status" type="dots" aria-label={t('sso.loading')} />
      </Center>
    )
  }
  // Keyed by what was saved: the form starts again from the server's answer after each change.
  const saved = settings.data
  return (
    <SsoForm
      key={saved ? `${saved.issuer}|${saved.email_domain}|${saved.domain_verified_at}|${saved.sso_required}` : 'new'}
      organizationId={organizationId}
      saved={saved}
      savedNotice={savedNotice && saved !== null}
      onSavedNotice={setSavedNotice}
    />
  )
}

function SsoForm({
  organizationId,
  saved,
  savedNotice,
  onSavedNotice: setSavedNotice,
}: {
  organizationId: string
  saved: SsoSettings | null
  savedNotice: boolean
  onSavedNotice(shown: boolean): void
}) {
  const { t, i18n } = useTranslation('organizations')
  const save = useSaveSsoSettings(organizationId)
  const [issuer, setIssuer] = useState(saved?.issuer ?? '')
  const [clientId, setClientId] = useState(saved?.client_id ?? '')
  const [clientSecret, setClientSecret] = useState('')
  const [domain, setDomain] = useState(saved?.email_domain ?? '')
  const [groupsClaim, setGroupsClaim] = useState(saved?.groups_claim ?? 'groups')
  const [rows, setRows] = useState<MappingRow[]>(() => (saved?.role_mapping ?? []).map((m, key) => ({ key, ...m })))
  const [nextKey, setNextKey] = useState(rows.length)
  const [required, setRequired] = useState(saved?.sso_required ?? false)
  // "SSO required" needs the domain proven: the saved one, unchanged in the form.
  const domainVerified = Boolean(saved?.domain_verified_at) && domain.trim().toLowerCase() === saved?.email_domain

  const setRow = (key: number, change: Partial<MappingRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSavedNotice(false)
    const body: SsoSettingsRequest = {
      issuer: issuer.trim(),
      client_id: clientId.trim(),
      email_domain: domain.trim(),
      groups_claim: groupsClaim.trim() || 'groups',
      role_mapping: rows
        .filter((row) => row.group.trim() !== '')
        .map(({ group, role }) => ({ group: group.trim(), role })),
      sso_required: required && domainVerified,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
    }
    save.mutate(body, { onSuccess: () => setSavedNotice(true) })
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" data-testid="sso-settings">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('sso.providerTitle')}
            </Title>
            <TextInput
              label={t('sso.issuer')}
              description={t('sso.issuerHint')}
              placeholder="https://login.example.com"
              required
              value={issuer}
              onChange={(e) => setIssuer(e.currentTarget.value)}
              data-testid="sso-issuer"
            />
            <TextInput
              label={t('sso.clientId')}
              required
              value={clientId}
              onChange={(e) => setClientId(e.currentTarget.value)}
              data-testid="sso-client-id"
            />
            <PasswordInput
              label={t('sso.clientSecret')}
              description={saved?.has_client_secret ? t('sso.clientSecretKept') : t('sso.clientSecretHint')}
              required={!saved?.has_client_secret}
              autoComplete="new-password"
              value={clientSecret}
              onChange={(e) => setClientSecret(e.currentTarget.value)}
              data-testid="sso-client-secret"
            />
            <TextInput
              label={t('sso.emailDomain')}
              description={t('sso.emailDomainHint')}
              placeholder="example.com"
              required
              value={domain}
              onChange={(e) => setDomain(e.currentTarget.value)}
              data-testid="sso-email-domain"
            />
            <TextInput
              label={t('sso.groupsClaim')}
              description={t('sso.groupsClaimHint')}
              value={groupsClaim}
              onChange={(e) => setGroupsClaim(e.currentTarget.value)}
              data-testid="sso-groups-claim"
            />
            <Stack gap="xs">
              <Text fw={500} size="sm">
                {t('sso.mappingTitle')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('sso.mappingHint')}
              </Text>
              {rows.map((row, index) => (
                <Group key={row.key} gap="xs" align="flex-end" wrap="nowrap" data-testid="sso-mapping-row">
                  <TextInput
                    label={t('sso.group')}
                    value={row.group}
                    onChange={(e) => setRow(row.key, { group: e.currentTarget.value })}
                    style={{ flex: 1 }}
                    data-testid={`sso-mapping-group-${index}`}
                  />
                  <NativeSelect
                    label={t('sso.role')}
                    value={row.role}
                    data={ssoMappedRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                    onChange={(e) => setRow(row.key, { role: e.currentTarget.value as MappedRole })}
                    data-testid={`sso-mapping-role-${index}`}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    aria-label={t('sso.removeRow')}
                    onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => {
                    setRows((all) => [...all, { key: nextKey, group: '', role: 'member' }])
                    setNextKey(nextKey + 1)
                  }}
                  disabled={rows.length >= 50}
                  data-testid="sso-mapping-add"
                >
                  {t('sso.addRow')}
                </Button>
              </Group>
            </Stack>
            <Switch
              label={t('sso.required')}
              description={domainVerified ? t('sso.requiredHint') : t('sso.requiredNeedsDomain')}
              checked={required && domainVerified}
              disabled={!domainVerified}
              onChange={(e) => setRequired(e.currentTarget.checked)}
              data-testid="sso-required"
            />
            {save.isError && <ErrorAlert onClose={save.reset}>{errorMessage(i18n, save.error)}</ErrorAlert>}
            {savedNotice && !save.isError && (
              <Alert color="green" variant="light" icon={<IconCheck size={18} />} data-testid="sso-saved">
                {t('sso.saved')}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={save.isPending} data-testid="sso-save">
                {t('sso.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {saved && <SsoDomainCard organizationId={organizationId} saved={saved} />}
      {saved && <SsoRemoveCard organizationId={organizationId} />}
    </Stack>
  )
}

/** Where the provider sends people back, and the TXT record that proves the email domain. */
function SsoDomainCard({ organizationId, saved }: { organizationId: string; saved: SsoSettings }) {
  const { t, i18n } = useTranslation('organizations')
  const formatDate = useFormatDate()
  const verify = useVerifySsoDomain(organizationId)
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="sso-domain">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h3">
              {saved.email_domain}
            </Title>
            <Badge
              color={saved.domain_verified_at ? 'green' : 'yellow'}
              variant="light"
              data-testid="sso-domain-status"
            >
              {t(saved.domain_verified_at ? 'sso.domainVerified' : 'sso.domainPending')}
            </Badge>
          </Group>
          {!saved.domain_verified_at && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              loading={verify.isPending}
              onClick={() => verify.mutate(undefined)}
              data-testid="sso-verify"
            >
              {t('sso.verify')}
            </Button>
          )}
        </Group>
        <Text size="sm">{t('sso.redirectIntro')}</Text>
        <CopyableValue
          labelWidth={110}
          label={t('sso.redirectUri')}
          value={saved.redirect_uri}
          testId="sso-redirect-uri"
        />
        {saved.domain_verified_at ? (
          <Text size="sm" data-testid="sso-domain-verified-at">
            {t('sso.domainVerifiedAt', { time: formatDate(saved.domain_verified_at) })}
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm">{t('sso.recordToCreate')}</Text>
            <CopyableValue labelWidth={110} label={t('sso.txtName')} value={saved.txt_name} testId="sso-txt-name" />
            <CopyableValue labelWidth={110} label={t('sso.txtValue')} value={saved.txt_value} testId="sso-txt-value" />
          </Stack>
        )}
        {verify.isError && <ErrorAlert onClose={verify.reset}>{errorMessage(i18n, verify.error)}</ErrorAlert>}
      </Stack>
    </Paper>
  )
}

function SsoRemoveCard({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('organizations')
  const remove = useRemoveSsoSettings(organizationId)
  const [confirming, setConfirming] = useState(false)
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Text size="sm">{t('sso.removeBody')}</Text>
        <Group gap="xs">
          {confirming ? (
            <>
              <Button color="red" size="xs" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
                {t('sso.confirmRemove')}
              </Button>
              <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                {t('sso.cancel')}
              </Button>
            </>
          ) : (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirming(true)}
              data-testid="sso-remove"
            >
              {t('sso.remove')}
            </Button>
          )}
        </Group>
        {remove.isError && <ErrorAlert onClose={remove.reset}>{errorMessage(i18n, remove.error)}</ErrorAlert>}
      </Stack>
    </Paper>
  )
}
