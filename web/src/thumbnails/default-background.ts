import { defaultThumbnailIndex } from './urls.ts'

/**
 * The class that lays the default image of `id` (defaultThumbnail's) under an icon or a picture: one
 * of default-thumbnail.css's, which the app's stylesheet carries, so a page needs no stylesheet more.
 */
export function defaultBackgroundClass(id: number): string {
  return `ludex-default-thumbnail-${defaultThumbnailIndex(id) + 1}`
}
