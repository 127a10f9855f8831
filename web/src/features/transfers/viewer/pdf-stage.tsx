import { Box, Center, Loader, Text } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { openPdfByRanges } from './pdf-document.js'
import { PageStepper } from './stage-toolbar.js'
import type { StageProps, ViewerAnchor } from './viewer-context.js'

const clampPage = (page: number, count: number) => Math.min(count, Math.max(1, Math.round(page)))

/**
 * A PDF in the viewer, drawn by pdf.js one page at a time onto a canvas fitted to the stage. The
 * document is read by ranges (pdf-document.ts): page 1 shows once its own bytes arrived, and
 * going to another page fetches only what that page needs. Page Up/Down and the buttons change
 * pages; the page number is the anchor.
 */
export default function PdfStage({ file, bridge }: StageProps) {
  const { t } = useTranslation('viewer')
  const { ref: stageRef, width, height } = useElementSize()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null)
  const [page, setPage] = useState(1)
  const [renderedPage, setRenderedPage] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    let destroy = () => {}
    openPdfByRanges(file.preview_url, controller.signal, () => setFailed(true))
      .then(async (task) => {
        destroy = () => void task.destroy()
        if (controller.signal.aborted) return destroy()
        setPdf(await task.promise)
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true)
      })
    return () => {
      controller.abort()
      destroy()
    }
  }, [file.preview_url])

  const pageCount = pdf?.numPages ?? 0

  useEffect(() => {
    if (!pdf) return
    bridge.onSeekReady((anchor: ViewerAnchor) => {
      if (anchor.kind === 'page') setPage(clampPage(anchor.page, pdf.numPages))
    })
    return () => bridge.onSeekReady(null)
  }, [pdf, bridge])

  useEffect(() => {
    if (pdf) bridge.onAnchor({ kind: 'page', page })
  }, [pdf, page, bridge])

  // Draws the page fitted to the stage, sharp on high-density screens; a newer draw cancels an older one.
  useEffect(() => {
    const canvas = canvasRef.current
    if (!pdf || !canvas || width === 0 || height === 0) return
    let task: RenderTask | null = null
    let cancelled = false
    void (async () => {
      try {
        const pdfPage = await pdf.getPage(page)
        if (cancelled) return
        const natural = pdfPage.getViewport({ scale: 1 })
        const fit = Math.min((width - 32) / natural.width, (height - 32) / natural.height)
        const ratio = window.devicePixelRatio || 1
        const viewport = pdfPage.getViewport({ scale: fit * ratio })
        canvas.width = Math.floor(viewport.width)
        canvas.height = Math.floor(viewport.height)
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`
        const canvasContext = canvas.getContext('2d')
        if (!canvasContext) throw new Error('No 2D canvas')
        task = pdfPage.render({ canvasContext, viewport })
        await task.promise
        if (!cancelled) setRenderedPage(page)
      } catch (error) {
        if (!cancelled && (error as { name?: string })?.name !== 'RenderingCancelledException') setFailed(true)
      }
    })()
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [pdf, page, width, height])

  const go = (step: number) => setPage((p) => clampPage(p + step, pageCount))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'PageDown' || event.key === 'ArrowDown') go(1)
    else if (event.key === 'PageUp' || event.key === 'ArrowUp') go(-1)
    else if (event.key === 'Home') setPage(1)
    else if (event.key === 'End') setPage(pageCount)
    else return
    event.preventDefault()
  }

  return (
    <Box h="100%" pos="relative">
      <Center
        ref={stageRef}
        h="100%"
        style={{ overflow: 'hidden' }}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label={t('pdf.pageArea')}
        data-testid="viewer-pdf-stage"
      >
        {!failed && (
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={pageCount ? t('pdf.pageOf', { page, count: pageCount }) : file.file_name}
            style={{
              background: 'white',
              boxShadow: '0 2px 12px rgba(0,0,0,.4)',
              display: renderedPage ? 'block' : 'none',
            }}
            data-testid="pdf-canvas"
            data-rendered-page={renderedPage ?? undefined}
          />
        )}
        {!renderedPage && !failed && <Loader role="status" color="gray.3" aria-label={t('loading')} />}
        {failed && (
          <Text c="gray.3" data-testid="viewer-failed">
            {t('failed')}
          </Text>
        )}
      </Center>
      {pageCount > 0 && (
        <PageStepper
          page={page}
          count={pageCount}
          onStep={go}
          direction="vertical"
          testIds={{ previous: 'pdf-previous-page', number: 'pdf-page-number', next: 'pdf-next-page' }}
        />
      )}
    </Box>
  )
}
