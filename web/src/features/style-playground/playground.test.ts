import { describe, expect, it } from 'vitest'
import { defaultPlaygroundCss, markedCss, mentions } from './marked-css.js'
import { playgroundVariants } from './playground-variants.js'

describe('playgroundVariants', () => {
  it('never builds more than four variants', () => {
    const variants = playgroundVariants({ colors: ['blue', 'teal', 'red', 'grape', 'orange'], sizes: ['xs', 'md'] })
    expect(variants).toEqual([
      { color: 'blue', size: 'xs', variant: undefined },
      { color: 'teal', size: 'md', variant: undefined },
      { color: 'red', size: 'xs', variant: undefined },
      { color: 'grape', size: 'md', variant: undefined },
    ])
  })

  it('builds as many variants as the longest set has entries, and one without sets', () => {
    expect(playgroundVariants({ variants: ['filled', 'light'], colors: ['blue'] })).toEqual([
      { color: 'blue', size: undefined, variant: 'filled' },
      { color: 'blue', size: undefined, variant: 'light' },
    ])
    expect(playgroundVariants({})).toEqual([{ color: undefined, size: undefined, variant: undefined }])
  })
})

describe('markedCss', () => {
  const css = [
    '.mantine-Button-root { border-radius: 8px; }',
    '.mantine-Badge-root { text-transform: none; }',
    '.mantine-ButtonGroup-root { gap: 4px; }',
    '.mantine-Button-label, .mantine-Card-root { letter-spacing: 0.02em; }',
    'body { margin: 0; }',
    '',
  ].join('\n')

  it('keeps only the lines that mention a ticked component, in order', () => {
    expect(markedCss(css, ['Button'])).toBe(
      '.mantine-Button-root { border-radius: 8px; }\n.mantine-Button-label, .mantine-Card-root { letter-spacing: 0.02em; }\n',
    )
    expect(markedCss(css, ['Badge', 'Card'])).toBe(
      '.mantine-Badge-root { text-transform: none; }\n.mantine-Button-label, .mantine-Card-root { letter-spacing: 0.02em; }\n',
    )
  })

  it('is empty when nothing is ticked or nothing matches', () => {
    expect(markedCss(css, [])).toBe('')
    expect(markedCss(css, ['Switch'])).toBe('')
  })

  it('exports the default rule once buttons are ticked', () => {
    expect(markedCss(defaultPlaygroundCss, ['Button'])).toBe(defaultPlaygroundCss)
  })

  it('matches the whole component name only', () => {
    expect(mentions('.mantine-Button-root {', 'Button')).toBe(true)
    expect(mentions('.mantine-ButtonGroup-root {', 'Button')).toBe(false)
    expect(mentions('.mantine-button-root {', 'Button')).toBe(false)
    expect(mentions('[class*="mantine-Button"] {', 'Button')).toBe(true)
  })
})
