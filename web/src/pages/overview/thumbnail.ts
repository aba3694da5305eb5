import { DEFAULT_THUMBNAIL_HASH, DEFAULT_THUMBNAIL_VARIANTS, THUMBNAIL_CDN_PREFIX } from '@ludex/schemas'
import default1 from './default-thumbnails/default-1.svg'
import default2 from './default-thumbnails/default-2.svg'
import default3 from './default-thumbnails/default-3.svg'

const DEFAULTS = [default1, default2, default3] as const

/** One of the three bundled default images, chosen by place id so an experience always gets the same. */
export function defaultThumbnail(placeId: number): string {
  return DEFAULTS[placeId % DEFAULT_THUMBNAIL_VARIANTS] ?? default1
}

/** The image service address of a 150 px icon (180-day path prefix); 'default' is the bundled image. */
export function iconImageUrl(hash: string, placeId: number): string {
  if (hash === DEFAULT_THUMBNAIL_HASH) return defaultThumbnail(placeId)
  return `https://tr.rbxcdn.com/${THUMBNAIL_CDN_PREFIX}-${hash}/150/150/Image/Webp/noFilter`
}
