import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// What Mantine asks of the browser and happy-dom leaves out: media queries (color scheme,
// useMediaQuery), ResizeObserver (ScrollArea, Textarea autosize) and document.fonts (autosize).
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
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
}
Element.prototype.scrollIntoView ??= () => {}

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests. Storage
// is emptied after the unmount, as forms keep drafts there when they go: each test starts afresh.
afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
