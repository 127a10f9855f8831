import type { AdminPromotion, PromotionCreateRequest } from '@ferry/contracts/api/promotions'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { isApiError } from '../../../lib/api-error.js'
import { errorMessage } from '../../../lib/error-message.js'
import {
  useAdminPromotions,
  useCreatePromotion,
  useDeletePromotion,
  useUpdatePromotion,
} from '../api/promotions-queries.js'
import { CampaignFormModal } from './campaign-form-modal.js'

type Editing = { mode: 'create' } | { mode: 'edit'; campaign: AdminPromotion } | null

/** Whether the campaign shows now: switched on and within its dates. */
const isLive = (c: AdminPromotion, now: number) =>
  c.active && Date.parse(c.starts_at) <= now && now < Date.parse(c.ends_at)

/**
 * The Promotions tab of the admin console (issue 22 item 5): campaigns with their image, link,
 * languages and dates, created, edited and deleted here, each with its impressions and clicks per
 * day (the last 30 days) and in total.
 */
export function PromotionsPanel() {
  const { t, i18n } = useTranslation('promotions')
  const formatDate = useFormatDate()
  const list = useAdminPromotions()
  const create = useCreatePromotion()
  const update = useUpdatePromotion()
  const remove = useDeletePromotion()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<AdminPromotion | null>(null)
  const [error, setError] = useState<string | null>(null)
  const failure = (e: unknown, fallback: string) =>
    isApiError(e) && e.status > 0 && e.detail ? errorMessage(i18n, e) : fallback

  if (list.isError && isApiError(list.error) && list.error.status === 403) {
    return <Alert color="red">{t('admin.denied')}</Alert>
  }

  const save = (body: Omit<PromotionCreateRequest, 'image'> & { image?: string }) => {
    setError(null)
    const onError = (e: unknown) => setError(failure(e, t('admin.saveFailed')))
    const onSuccess = () => setEditing(null)
    if (editing?.mode === 'edit') update.mutate({ id: editing.campaign.id, body }, { onSuccess, onError })
    else if (body.image) create.mutate({ ...body, image: body.image }, { onSuccess, onError })
  }

  const now = Date.now()
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t('admin.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.intro')}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setError(null)
            setEditing({ mode: 'create' })
          }}
          data-testid="new-campaign"
        >
          {t('admin.new')}
        </Button>
      </Group>
      {list.isPending && (
        <Center py="xl">
          <Loader role="status" aria-label={t('admin.loading')} />
        </Center>
      )}
      {list.isError && <Alert color="red">{failure(list.error, t('admin.loadFailed'))}</Alert>}
      {list.data?.length === 0 && (
        <Text c="dimmed" data-testid="campaigns-empty">
          {t('admin.empty')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {list.data?.map((campaign) => (
          <Card key={campaign.id} withBorder radius="md" padding="md" data-testid="campaign-card">
            <Stack gap="sm">
              <Image src={campaign.image_url} alt={campaign.alt} radius="sm" mah={200} fit="contain" />
              <Group gap="xs">
                <Badge color={isLive(campaign, now) ? 'teal' : 'gray'} variant="light" data-testid="campaign-status">
                  {isLive(campaign, now) ? t('admin.live') : campaign.active ? t('admin.scheduled') : t('admin.off')}
                </Badge>
                <Badge variant="outline" color="gray">
                  {t(`languages.${campaign.language}`)}
                </Badge>
              </Group>
              <Text size="sm" fw={500}>
                {campaign.alt}
              </Text>
              <Anchor
                href={campaign.link_url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ wordBreak: 'break-all' }}
              >
                {campaign.link_url}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('admin.window', { start: formatDate(campaign.starts_at), end: formatDate(campaign.ends_at) })}
              </Text>
              <Text size="sm" data-testid="campaign-totals">
                {t('admin.totals', { impressions: campaign.total_impressions, clicks: campaign.total_clicks })}
              </Text>
              {campaign.days.length > 0 && (
                <Table striped withTableBorder fz="sm" data-testid="campaign-days">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.day')}</Table.Th>
                      <Table.Th ta="right">{t('admin.impressions')}</Table.Th>
                      <Table.Th ta="right">{t('admin.clicks')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...campaign.days].reverse().map((d) => (
                      <Table.Tr key={d.day}>
                        <Table.Td>{d.day}</Table.Td>
                        <Table.Td ta="right" data-testid="day-impressions">
                          {d.impressions}
                        </Table.Td>
                        <Table.Td ta="right" data-testid="day-clicks">
                          {d.clicks}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Group justify="flex-end" gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => {
                    setError(null)
                    setEditing({ mode: 'edit', campaign })
                  }}
                  data-testid="edit-campaign"
                >
                  {t('admin.edit')}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  size="xs"
                  onClick={() => {
                    setError(null)
                    setDeleting(campaign)
                  }}
                  data-testid="delete-campaign"
                >
                  {t('admin.delete')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <CampaignFormModal
        opened={editing !== null}
        campaign={editing?.mode === 'edit' ? editing.campaign : null}
        pending={create.isPending || update.isPending}
        error={error && <ErrorAlert onClose={() => setError(null)}>{error}</ErrorAlert>}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('admin.deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack gap="md">
          {error && <ErrorAlert onClose={() => setError(null)}>{error}</ErrorAlert>}
          <Text>{t('admin.deleteConfirm')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('form.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => setDeleting(null),
                  onError: (e) => setError(failure(e, t('admin.deleteFailed'))),
                })
              }
              data-testid="confirm-delete-campaign"
            >
              {t('admin.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
