import { Anchor, Badge, Box, Group, Paper, type PaperProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { currentLanguage } from '../../../lib/i18n.js'
import { usePromotionSlot } from '../api/promotions-queries.js'

export interface PromotionSlotProps extends Omit<PaperProps, 'children'> {
  /** On a share page: its id, so the transfer's sender's plan decides (DECISIONS §12). */
  shareId?: string
  /** Who is signed in (null for a visitor): a change asks the server again. */
  viewerId?: string | null
}

/**
 * A first-party promotion (issue 22 item 5) in a place of its own in the page's layout, never
 * over controls or progress: labelled "Ad", with "Remove ads with Pro" leading to the plans.
 * Everything comes from Ferry's own origin (the image, and a campaign's link, which is the
 * counting redirect). Nothing at all is rendered while loading, on a failure, or when the server
 * answers 204 (a plan without `ads_enabled`).
 */
export function PromotionSlot({ shareId, viewerId = null, ...paperProps }: PromotionSlotProps) {
  // Not suspending: the page around the slot never waits for the slot's words.
  const { t, i18n, ready } = useTranslation('promotions', { useSuspense: false })
  const slot = usePromotionSlot(currentLanguage(i18n), shareId, viewerId)
  const promotion = slot.data
  if (!promotion || !ready) return null

  const image = (
    <img
      src={promotion.image_url}
      alt={promotion.alt}
      width={promotion.image_width}
      height={promotion.image_height}
      style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  )
  return (
    <Paper
      component="aside"
      aria-label={t('region')}
      withBorder
      radius="md"
      p="sm"
      data-testid="promotion-slot"
      data-kind={promotion.kind}
      {...paperProps}
    >
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Badge variant="light" color="gray" radius="sm" data-testid="promotion-label">
          {t('label')}
        </Badge>
        <Anchor component={Link} to={promotion.remove_ads_url} size="xs" data-testid="promotion-remove-ads">
          {t('removeAds')}
        </Anchor>
      </Group>
      {promotion.kind === 'house' ? (
        <Box component={Link} to={promotion.link_url} display="block" data-testid="promotion-link">
          {image}
        </Box>
      ) : (
        // A new tab, so an upload in progress on this page goes on; no referrer leaves Ferry.
        <a
          href={promotion.link_url}
          target="_blank"
          rel="sponsored noopener noreferrer"
          style={{ display: 'block' }}
          data-testid="promotion-link"
        >
          {image}
        </a>
      )}
    </Paper>
  )
}
