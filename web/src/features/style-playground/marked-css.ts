/** A rule to start from: buttons with rounded corners of 8px (spec/accounts.md §2). */
export const defaultPlaygroundCss = '.mantine-Button-root { border-radius: 8px; }\n'

export const exportFileName = 'custom-mantine.css'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Whether a CSS line mentions a component: it contains Mantine's class prefix for it,
 * `mantine-<Component>`, not followed by a letter or digit (so `mantine-Button-root` mentions
 * Button, `mantine-ButtonGroup-root` does not).
 */
export function mentions(line: string, component: string): boolean {
  return new RegExp(`mantine-${escapeRegExp(component)}(?![A-Za-z0-9])`).test(line)
}

/** 'Exportar CSS marcado': only the lines of the CSS that mention a ticked component, in order. */
export function markedCss(css: string, ticked: readonly string[]): string {
  const lines = css.split(/\r?\n/).filter((line) => ticked.some((component) => mentions(line, component)))
  return lines.length ? `${lines.join('\n')}\n` : ''
}
