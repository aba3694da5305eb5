import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom lacks these; Mantine reads them for color scheme, media queries and scroll areas. A test of
// the server render runs in node (no window): nothing to fill in there.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
if (typeof window !== 'undefined') window.HTMLElement.prototype.scrollIntoView ??= () => {}

afterEach(() => cleanup())
