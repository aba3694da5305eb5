import { DEFAULT_THUMBNAIL_HASH, DEFAULT_THUMBNAIL_VARIANTS, THUMBNAIL_CDN_PREFIX } from '@ludex/schemas'
import default1 from './defaults/default-1.svg'
import default2 from './defaults/default-2.svg'
import default3 from './defaults/default-3.svg'

const DEFAULTS = [default1, default2, default3] as const

/** Icon sizes the image service serves (part 1 §9); the smallest one that covers the box is used. */
const ICON_SIZES = [64, 128, 150, 256, 512] as const

/** Which of the three bundled default images an id gets, so an experience always gets the same. */
export function defaultThumbnailIndex(id: number): number {
  return id % DEFAULT_THUMBNAIL_VARIANTS
}

/** One of the three bundled default images, chosen by place id (defaultThumbnailIndex). */
export function defaultThumbnail(placeId: number): string {
  return DEFAULTS[defaultThumbnailIndex(placeId)] ?? default1
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

/** Banner (game thumbnail) sizes the image service serves, width × height (part 1 §9). */
const BANNER_SIZES = [
  [160, 100],
  [256, 144],
  [384, 216],
  [576, 324],
  [768, 432],
] as const

/**
 * The image service address of a banner (an experience's first game thumbnail) for a box `width` px
 * wide; the 'default' hash is one of the bundled default images.
 */
export function bannerUrl(hash: string, placeId: number, width: number): string {
  if (hash === DEFAULT_THUMBNAIL_HASH) return defaultThumbnail(placeId)
  const [w, h] = BANNER_SIZES.find(([bw]) => bw >= width) ?? BANNER_SIZES[BANNER_SIZES.length - 1]!
  return `https://tr.rbxcdn.com/${THUMBNAIL_CDN_PREFIX}-${hash}/${w}/${h}/Image/Webp/noFilter`
}

/** Sizes the image service serves user headshots and group icons in (roblox-api.md §6). */
const HEADSHOT_SIZES = [48, 60, 75, 100, 150, 180, 352, 420] as const
const GROUP_ICON_SIZES = [150, 420] as const

/**
 * The image service address of a creator's picture for a box of `size` px: a user's avatar headshot,
 * a group's icon (two different image services of the platform); the 'default' hash is a default image
 * chosen by the creator's id.
 */
export function creatorImageUrl(type: 'User' | 'Group', hash: string, id: number, size: number): string {
  if (hash === DEFAULT_THUMBNAIL_HASH) return defaultThumbnail(id)
  const sizes: readonly number[] = type === 'Group' ? GROUP_ICON_SIZES : HEADSHOT_SIZES
  const px = sizes.find((s) => s >= size) ?? sizes[sizes.length - 1]!
  const kind = type === 'Group' ? 'Image' : 'AvatarHeadshot'
  return `https://tr.rbxcdn.com/${THUMBNAIL_CDN_PREFIX}-${hash}/${px}/${px}/${kind}/Webp/noFilter`
}
