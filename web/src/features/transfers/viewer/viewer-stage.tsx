import type { ShareFile } from '@ferry/contracts/api/transfers'
import { Center, Loader } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { ImageStage } from './image-stage.js'
import { MediaStage } from './media-stage.js'
import type { StageBridge, StageProps } from './viewer-context.js'

// pdf.js and the text renderers (highlight.js, Markdown, CSV) load only when such a file is opened.
const PdfStage = lazy(() => import('./pdf-stage.js'))
const TextStage = lazy(() => import('./text-stage.js'))

/** What shows one file in the viewer, chosen by its `preview_kind`. */
export function ViewerStage({ file, bridge }: { file: ShareFile; bridge: StageBridge }) {
  const url = file.preview_url
  if (!url || !file.preview_kind) return null
  const props: StageProps = { file: { ...file, preview_url: url }, bridge }
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader color="gray.3" />
        </Center>
      }
    >
      {file.preview_kind === 'image' && <ImageStage {...props} />}
      {(file.preview_kind === 'video' || file.preview_kind === 'audio') && <MediaStage {...props} />}
      {file.preview_kind === 'pdf' && <PdfStage {...props} />}
      {file.preview_kind === 'text' && <TextStage {...props} />}
    </Suspense>
  )
}
