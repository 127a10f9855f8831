import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { BrandBackdrop } from '../../features/branding/index.js'
import { PromotionSlot } from '../../features/promotions/index.js'
import { ShareView, useShare } from '../../features/transfers/index.js'
import { paths } from '../../lib/paths.js'

/**
 * /share/{id} (spec/transfers.md §2), public: what was sent; `?t=` is the recipient's tracking id.
 * Branded with the sender's organization's background and stylesheet when its plan has them
 * (the share record's `branding`, read from the same query ShareView uses).
 */
export function SharePage() {
  const { t } = useTranslation(['transfers', 'common'])
  const { id = '' } = useParams()
  const [searchParams] = useSearchParams()
  const trackingId = searchParams.get('t')
  const share = useShare(id, trackingId)
  useDocumentTitle(`${t('share.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <BrandBackdrop branding={share.data?.branding}>
        <ShareView uniqueId={id} trackingId={trackingId} homeTo={paths.home} />
        {/* Below the transfer, in a place of its own: only when its sender's plan has ads (issue 22). */}
        <PromotionSlot shareId={id} mt="xl" maw={400} mx="auto" />
      </BrandBackdrop>
    </Container>
  )
}
