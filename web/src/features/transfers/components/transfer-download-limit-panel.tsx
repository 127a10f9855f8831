import type { Transfer } from '@ferry/contracts/api/transfers'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertCircle, IconCheck, IconFlame } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUpdateTransfer } from '../api/transfer-queries.js'
import { BurnSwitch, DownloadLimitInput } from './download-limit-fields.js'

/**
 * The owner's download limit and burn after download on the transfer's page (issue 18 item 2):
 * how many downloads are done of how many allowed, and both settings to change. Once the limit
 * was reached the files are gone, so it only says so.
 */
export function TransferDownloadLimitPanel({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('transfers')
  const update = useUpdateTransfer(transfer.id)
  const [limit, setLimit] = useState<number | null>(transfer.max_downloads)
  const [saved, setSaved] = useState(false)
  const changed = limit !== transfer.max_downloads

  const save = (event: FormEvent) => {
    event.preventDefault()
    setSaved(false)
    update.mutate({ max_downloads: limit }, { onSuccess: () => setSaved(true) })
  }

  const count =
    transfer.max_downloads === null
      ? t('downloadLimit.countUnlimited', { count: transfer.download_count })
      : t('downloadLimit.countOf', { count: transfer.max_downloads, used: transfer.download_count })

  return (
    <Stack gap="xs" data-testid="download-limit-panel">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {t('downloadLimit.panelLabel')}
      </Text>
      <Text size="sm" data-testid="download-limit-count">
        {count}
      </Text>
      {transfer.download_limit_reached ? (
        <Alert color="orange" variant="light" icon={<IconFlame size={18} />} data-testid="download-limit-reached">
          {t('downloadLimit.reachedOwner')}
        </Alert>
      ) : (
        <>
          <form onSubmit={save}>
            <Group gap="xs" align="flex-end">
              <DownloadLimitInput
                value={limit}
                onChange={(next) => {
                  setLimit(next)
                  setSaved(false)
                }}
                disabled={update.isPending}
                testId="detail-max-downloads"
              />
              <Button
                type="submit"
                size="sm"
                disabled={!changed}
                loading={update.isPending && update.variables?.max_downloads !== undefined}
                data-testid="detail-max-downloads-save"
              >
                {t('downloadLimit.save')}
              </Button>
            </Group>
          </form>
          <BurnSwitch
            checked={
              update.isPending && update.variables?.burn_after_download !== undefined
                ? update.variables.burn_after_download
                : transfer.burn_after_download
            }
            onChange={(checked) => {
              setSaved(false)
              update.mutate({ burn_after_download: checked })
            }}
            disabled={update.isPending}
            testId="detail-burn"
          />
        </>
      )}
      {saved && !update.isError && (
        <Alert color="green" variant="light" icon={<IconCheck size={18} />} data-testid="download-limit-saved">
          {t('downloadLimit.saved')}
        </Alert>
      )}
      {update.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="download-limit-failed">
          {t('downloadLimit.failed')}
        </Alert>
      )}
    </Stack>
  )
}
