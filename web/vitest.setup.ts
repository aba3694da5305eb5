import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom lacks these; Mantine reads them for color scheme, media queries and scroll areas.
if (!window.matchMedia) {
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
if (!('ResizeObserver' in window)) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
window.HTMLElement.prototype.scrollIntoView ??= () => {}

afterEach(() => cleanup())
