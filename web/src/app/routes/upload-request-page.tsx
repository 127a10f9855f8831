import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { BrandBackdrop } from '../../features/branding/index.js'
import { UploadRequestView, useRequestInfo } from '../../features/request-links/index.js'
import { UploadPicker, useUploadQueue } from '../../features/uploads/index.js'
import { paths } from '../../lib/paths.js'

/**
 * /upload/:requestId (spec/transfers.md §2): anyone with the link uploads to it, with the send form's upload
 * engine; files start as soon as they are added, tied to the link, with no session.
 */
export function UploadRequestPage() {
  const { t } = useTranslation('requestLinks')
  const { requestId } = useParams()
  const uploads = useUploadQueue({ autoStart: true, requestId })
  // The same query the view reads: the requester's organization's branding, if any.
  const info = useRequestInfo(requestId ?? '')
  useDocumentTitle(t('page.documentTitle'))
  return (
    <Container size={720} py={{ base: 'xl', sm: 56 }} px={{ base: 'sm', sm: 'md' }}>
      <BrandBackdrop branding={info.data?.branding}>
        <UploadRequestView
          requestId={requestId}
          files={uploads}
          picker={<UploadPicker queue={uploads} signedIn />}
          homeTo={paths.home}
        />
      </BrandBackdrop>
    </Container>
  )
}
