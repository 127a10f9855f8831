import { type CSSVariablesResolver, createTheme, darken } from '@mantine/core'

/**
 * Colours meet WCAG AA (4.5:1) throughout (the accessibility walk checks every page):
 * - filled colours use shade 9 (Mantine's default shade 6 of blue gives white text 3.6:1);
 * - a fill lighter than luminance 0.18 takes white text, a brighter one black, which keeps
 *   either above 4.5:1 on every shade 9;
 * - light variants and coloured text use shade 9 darkened by 30% (shade 9 of green on its
 *   light background gives 3.8:1); dimmed text is grey 7 and the error colour red 9.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 9, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
})

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(theme.colors).flatMap(([name, shades]) => {
        const deep = darken(shades[9], 0.3)
        return [
          [`--mantine-color-${name}-light-color`, deep],
          [`--mantine-color-${name}-text`, deep],
        ]
      }),
    ),
  },
  dark: {},
})
