import type { MenuProps } from '@mantine/core'

/**
 * spec/transfers.md §9: header menus open 100 ms after the pointer arrives and close 400 ms after it
 * leaves. 'click-hover' keeps those hover delays and also opens on click, so keyboard and
 * touch users can reach the links.
 */
export const headerMenuProps = {
  trigger: 'click-hover',
  openDelay: 100,
  closeDelay: 400,
  shadow: 'md',
  radius: 'md',
  position: 'bottom-start',
  offset: 6,
  // Mantine's focus placeholder is a role="presentation" element with a tabindex inside
  // role="menu": axe's aria-required-children (critical) rejects it.
  withInitialFocusPlaceholder: false,
} as const satisfies Partial<MenuProps>
