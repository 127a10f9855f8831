import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// What Mantine asks of the browser and happy-dom leaves out: media queries (color scheme,
// useMediaQuery), ResizeObserver (ScrollArea, Textarea autosize) and document.fonts (autosize).
/** A media query's answer as happy-dom lacks it: `matches`, and listeners that are never called. */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList
}

if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false)
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
