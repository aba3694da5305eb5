/**
 * Whether an image has already failed to load. A server-rendered page's image can fail before the app
 * has hydrated, when no error handler is attached yet; a ref callback asks this on mount instead.
 */
export function hasFailedToLoad(img: HTMLImageElement | null): boolean {
  return img?.complete === true && img.naturalWidth === 0 && img.getAttribute('src') !== ''
}
