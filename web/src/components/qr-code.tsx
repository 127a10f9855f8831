import { useMemo } from 'react'
import { encode } from 'uqr'

export interface QrCodeProps {
  /** What the code holds (a link). */
  value: string
  /** Its accessible name, e.g. 'QR code of the link'. */
  label: string
  /** Width and height in CSS pixels. */
  size?: number
}

/** The dark modules of `value` as one SVG path: 'M x y h1 v1 h-1 z' per module. */
export function qrPath(value: string): { path: string; modules: number } {
  const { data, size } = encode(value, { ecc: 'M', border: 2 })
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return { path, modules: size }
}

/**
 * A QR code drawn as an inline SVG element (not markup in a string, so the app's CSP and React's
 * escaping both stay as they are), black on white whatever the theme, for a phone's camera.
 */
export function QrCode({ value, label, size = 160 }: QrCodeProps) {
  const { path, modules } = useMemo(() => qrPath(value), [value])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
