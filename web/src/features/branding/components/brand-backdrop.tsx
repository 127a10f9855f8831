import type { Branding } from '@ferry/contracts/api/branding'
import { type ReactNode, useEffect } from 'react'
import './brand-backdrop.css'

export interface BrandBackdropProps {
  branding: Branding | undefined
  children: ReactNode
}

/**
 * An organization's branding around a public page (issue 22 items 3 and 4): its background as a
 * `<picture>` (AVIF, then WebP, each by width) behind the content, and its stylesheet as a
 * `<link>` that lives only as long as this page does, so no other page (sign-in, checkout, the
 * app's own) is ever styled by it. Both are files of this origin (`/brand/…`).
 *
 * Hooks for the stylesheet: `.ferry-brand-page` (the page), `.ferry-brand-backdrop` (the
 * picture), `.ferry-brand-content` (the panel over it).
 */
export function BrandBackdrop({ branding, children }: BrandBackdropProps) {
  const cssUrl = branding?.css_url ?? null
  useEffect(() => {
    if (!cssUrl) return
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = cssUrl
    link.dataset.ferryBrand = 'true'
    document.head.append(link)
    return () => link.remove()
  }, [cssUrl])

  const background = branding?.background
  const hasBackground = Boolean(background)
  useEffect(() => {
    if (!hasBackground) return
    document.documentElement.dataset.ferryBackdrop = 'on'
    return () => {
      delete document.documentElement.dataset.ferryBackdrop
    }
  }, [hasBackground])

  if (!background) return <div className={branding ? 'ferry-brand-page' : undefined}>{children}</div>
  return (
    <div className="ferry-brand-page" data-testid="brand-page">
      <picture className="ferry-brand-backdrop" data-testid="brand-backdrop">
        <source type="image/avif" srcSet={background.avif_srcset} sizes="100vw" />
        <source type="image/webp" srcSet={background.webp_srcset} sizes="100vw" />
        <img src={background.src} alt={background.alt} fetchPriority="high" decoding="async" />
      </picture>
      <div className="ferry-brand-content">{children}</div>
    </div>
  )
}
