import type { ShareFile } from '@ferry/contracts/api/transfers'
import { IconFile, IconFileTypePdf, IconFileTypeTxt, IconMovie, IconMusic, IconPhoto } from '@tabler/icons-react'

const icons = {
  image: IconPhoto,
  pdf: IconFileTypePdf,
  video: IconMovie,
  audio: IconMusic,
  text: IconFileTypeTxt,
} as const

/** The icon of a file's kind of preview (a plain file when it has none). */
export function PreviewIcon({ kind, size }: { kind: ShareFile['preview_kind']; size: number }) {
  const Icon = kind ? icons[kind] : IconFile
  return <Icon size={size} aria-hidden stroke={1.5} />
}
