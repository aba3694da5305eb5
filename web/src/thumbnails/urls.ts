import { DEFAULT_THUMBNAIL_HASH, DEFAULT_THUMBNAIL_VARIANTS, THUMBNAIL_CDN_PREFIX } from '@ludex/schemas'
import default1 from './defaults/default-1.svg'
import default2 from './defaults/default-2.svg'
import default3 from './defaults/default-3.svg'

const DEFAULTS = [default1, default2, default3] as const

/** Icon sizes the image service serves (part 1 §9); the smallest one that covers the box is used. */
const ICON_SIZES = [64, 128, 150, 256, 512] as const

/** One of the three bundled default images, chosen by place id so an experience always gets the same. */
export function defaultThumbnail(placeId: number): string {
  return DEFAULTS[placeId % DEFAULT_THUMBNAIL_VARIANTS] ?? default1
}

/**
 * The image service address of an icon (180-day path prefix, part 1 §7) for a box of `size` px;
 * the 'default' hash is the bundled default image.
 */
export function iconUrl(hash: string, placeId: number, size: number): string {
  if (hash === DEFAULT_THUMBNAIL_HASH) return defaultThumbnail(placeId)
  const px = ICON_SIZES.find((s) => s >= size) ?? 512
  return `https://tr.rbxcdn.com/${THUMBNAIL_CDN_PREFIX}-${hash}/${px}/${px}/Image/Webp/noFilter`
}
