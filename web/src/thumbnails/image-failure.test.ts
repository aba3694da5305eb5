import { describe, expect, it } from 'vitest'
import { hasFailedToLoad } from './image-failure.ts'

/** An <img> in the given load state (jsdom loads no images, so the state is set by hand). */
function image(state: { complete: boolean; naturalWidth: number; src: string }): HTMLImageElement {
  const img = document.createElement('img')
  img.setAttribute('src', state.src)
  Object.defineProperty(img, 'complete', { value: state.complete })
  Object.defineProperty(img, 'naturalWidth', { value: state.naturalWidth })
  return img
}

describe('hasFailedToLoad', () => {
  it('is true for an image that finished without pixels (a failed load)', () => {
    expect(hasFailedToLoad(image({ complete: true, naturalWidth: 0, src: 'https://cdn.test/a.webp' }))).toBe(
      true,
    )
  })

  it('is false while loading, once loaded, and without an element', () => {
    expect(hasFailedToLoad(image({ complete: false, naturalWidth: 0, src: 'https://cdn.test/a.webp' }))).toBe(
      false,
    )
    expect(
      hasFailedToLoad(image({ complete: true, naturalWidth: 150, src: 'https://cdn.test/a.webp' })),
    ).toBe(false)
    expect(hasFailedToLoad(null)).toBe(false)
  })

  it('is false for an image with no source', () => {
    expect(hasFailedToLoad(image({ complete: true, naturalWidth: 0, src: '' }))).toBe(false)
  })
})
