import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// What Mantine asks of the browser and happy-dom leaves out: media queries (color scheme,
// useMediaQuery) and ResizeObserver (ScrollArea, Textarea autosize).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
Element.prototype.scrollIntoView ??= () => {}

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(() => cleanup())
