import type { ShareFile } from '@ferry/contracts/api/transfers'
import { ActionIcon, Box, Button, Flex, Group, Modal, Text } from '@mantine/core'
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react'
import { type PointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { screenUrl } from './image-stage.js'
import { ownsArrowKeys } from './keys.js'
import { type PointerMark, swipeDirection } from './swipe.js'
import {
  type StageBridge,
  type ViewerAnchor,
  ViewerContext,
  type ViewerContextValue,
  type ViewerSidePanel,
} from './viewer-context.js'
import { ViewerStage } from './viewer-stage.js'

export interface FileViewerProps {
  /** The files that can be viewed, in the page's order (previous/next go through these). */
  files: readonly ShareFile[]
  /** The file shown, or null when the viewer is closed. */
  fileId: string | null
  /** Shows another file (or closes the viewer with null). */
  onFileChange(fileId: string | null): void
  /** The link of a file's download, or null when downloads are not offered. */
  hrefOf: ((file: ShareFile) => string) | null
  pendingKey: string | null
  /** Downloads as the share page's buttons do (the viewer itself never counts as a download). */
  onDownload(file: ShareFile, href: string): void
  /** Rendered beside the file, inside `ViewerContext` (see viewer-context.ts). */
  sidePanel?: ViewerSidePanel
}

/**
 * The share page's viewer (issue 19): one file at a time, full screen, with its name, a download
 * button, previous/next buttons, ←/→ keys and horizontal swipes between files, and Esc to close.
 * What shows the file is its stage (viewer-stage.tsx). A side panel, when given, sits beside the
 * file and reads `useViewer()`.
 */
export function FileViewer({
  files,
  fileId,
  onFileChange,
  hrefOf,
  pendingKey,
  onDownload,
  sidePanel,
}: FileViewerProps) {
  const { t } = useTranslation('viewer')
  const { t: tShare } = useTranslation('transfers')
  const index = files.findIndex((file) => file.file_id === fileId)
  const file = index >= 0 ? files[index] : undefined
  const [anchor, setAnchor] = useState<ViewerAnchor | null>(null)
  const seekRef = useRef<((anchor: ViewerAnchor) => void) | null>(null)
  const pendingSeek = useRef<ViewerAnchor | null>(null)
  const swipeStart = useRef<PointerMark | null>(null)

  const go = useCallback(
    (step: 1 | -1) => {
      if (files.length < 2 || index < 0) return
      const next = files[(index + step + files.length) % files.length]
      if (next) onFileChange(next.file_id)
    },
    [files, index, onFileChange],
  )

  // A new file starts with no anchor and nothing to seek until its stage says it is ready.
  const [shownId, setShownId] = useState(fileId)
  if (shownId !== fileId) {
    setShownId(fileId)
    setAnchor(null)
    seekRef.current = null
  }

  const bridge = useMemo<StageBridge>(
    () => ({
      onAnchor: setAnchor,
      onSeekReady(seek) {
        seekRef.current = seek
        const pending = pendingSeek.current
        if (seek && pending) {
          pendingSeek.current = null
          seek(pending)
        }
      },
    }),
    [],
  )

  const context = useMemo<ViewerContextValue | null>(
    () =>
      file
        ? {
            file,
            fileId: file.file_id,
            anchor,
            seek(target) {
              if (seekRef.current) seekRef.current(target)
              else pendingSeek.current = target
            },
            open(id, target) {
              if (!files.some((f) => f.file_id === id)) return
              pendingSeek.current = target ?? null
              if (id === file.file_id && target && seekRef.current) {
                pendingSeek.current = null
                seekRef.current(target)
              } else if (id !== file.file_id) onFileChange(id)
            },
          }
        : null,
    [file, anchor, files, onFileChange],
  )

  // The images next to this one, so going to them shows them at once.
  useEffect(() => {
    if (index < 0 || files.length < 2) return
    for (const step of [1, -1]) {
      const neighbour = files[(index + step + files.length) % files.length]
      if (neighbour?.preview_kind === 'image' && neighbour.preview_url)
        new Image().src = screenUrl(neighbour.preview_url)
    }
  }, [files, index])

  // On the window: a click on the image or the page leaves the focus on the document's body.
  const open = file !== undefined
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownsArrowKeys(event.target))
        return
      if (event.key === 'ArrowLeft') go(-1)
      else if (event.key === 'ArrowRight') go(1)
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [open, go])

  const onPointerDown = (event: PointerEvent) => {
    // Scrubbing a media element's own controls is not a swipe; neither is a second finger.
    swipeStart.current =
      event.isPrimary && !ownsArrowKeys(event.target)
        ? { x: event.clientX, y: event.clientY, time: event.timeStamp }
        : null
  }
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current
    swipeStart.current = null
    if (!start || !event.isPrimary) return
    const direction = swipeDirection(start, { x: event.clientX, y: event.clientY, time: event.timeStamp })
    if (direction) go(direction === 'next' ? 1 : -1)
  }

  const href = file ? (hrefOf?.(file) ?? null) : null
  const several = files.length > 1

  return (
    <Modal.Root opened={file !== undefined} onClose={() => onFileChange(null)} fullScreen returnFocus>
      <Modal.Overlay />
      <Modal.Content data-testid="file-viewer" data-file-id={file?.file_id}>
        {file && context && (
          <ViewerContext.Provider value={context}>
            <Box style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
              <Modal.Header style={{ position: 'static', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                  <Modal.Title miw={0} style={{ overflowWrap: 'anywhere' }} fw={600} data-testid="viewer-file-name">
                    {file.file_name}
                  </Modal.Title>
                  {several && (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="viewer-position">
                      {t('position', { current: index + 1, count: files.length })}
                    </Text>
                  )}
                </Group>
                <Group gap="xs" wrap="nowrap">
                  {href && (
                    <Button
                      component="a"
                      href={href}
                      variant="light"
                      size="sm"
                      leftSection={<IconDownload size={16} aria-hidden />}
                      loading={pendingKey === file.file_key}
                      aria-label={tShare('share.downloadFile', { name: file.file_name })}
                      onClick={(event) => {
                        event.preventDefault()
                        onDownload(file, href)
                      }}
                      data-testid="viewer-download"
                    >
                      <Box component="span" visibleFrom="xs">
                        {tShare('share.download')}
                      </Box>
                    </Button>
                  )}
                  <Modal.CloseButton aria-label={t('close')} size="lg" data-testid="viewer-close" />
                </Group>
              </Modal.Header>
              {/* A side panel sits beside the file, or below it on a phone. */}
              <Flex direction={{ base: 'column', sm: 'row' }} style={{ flex: 1, minHeight: 0 }}>
                <Box
                  pos="relative"
                  bg="dark.8"
                  style={{ flex: 1, minWidth: 0, touchAction: 'pan-y' }}
                  onPointerDown={onPointerDown}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => {
                    swipeStart.current = null
                  }}
                  data-testid="viewer-stage"
                >
                  <ViewerStage key={file.file_id} file={file} bridge={bridge} />
                  {several && (
                    <>
                      <ActionIcon
                        variant="default"
                        radius="xl"
                        size="xl"
                        pos="absolute"
                        left={12}
                        top="50%"
                        style={{ transform: 'translateY(-50%)', zIndex: 2 }}
                        aria-label={t('previous')}
                        onClick={() => go(-1)}
                        data-testid="viewer-previous"
                      >
                        <IconChevronLeft size={22} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        radius="xl"
                        size="xl"
                        pos="absolute"
                        right={12}
                        top="50%"
                        style={{ transform: 'translateY(-50%)', zIndex: 2 }}
                        aria-label={t('next')}
                        onClick={() => go(1)}
                        data-testid="viewer-next"
                      >
                        <IconChevronRight size={22} aria-hidden />
                      </ActionIcon>
                    </>
                  )}
                </Box>
                {sidePanel && (
                  <Box
                    component="aside"
                    aria-label={t('sidePanel')}
                    w={{ base: '100%', sm: 360 }}
                    mah={{ base: '45%', sm: 'none' }}
                    style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', overflowY: 'auto' }}
                    data-testid="viewer-side-panel"
                  >
                    {sidePanel}
                  </Box>
                )}
              </Flex>
            </Box>
          </ViewerContext.Provider>
        )}
      </Modal.Content>
    </Modal.Root>
  )
}
