/** The hash Ludex stores when upstream has no image (null URL, Blocked, Error…). */
export const DEFAULT_THUMBNAIL_HASH = 'default'

const HASH_IN_URL = /^https?:\/\/[^/]+\/(?:\d+DAY-)?([^/?#]+)/

/**
 * The content hash of a Roblox CDN image URL: `https://tr.rbxcdn.com/180DAY-<hash>/512/512/Image/Png`
 * gives `<hash>`. The web app rebuilds URLs from the hash and a size, so only the hash is kept.
 */
export function thumbnailHashOf(item: { state: string; imageUrl?: string | null | undefined }): string {
  if (item.state !== 'Completed' || !item.imageUrl) return DEFAULT_THUMBNAIL_HASH
  const m = HASH_IN_URL.exec(item.imageUrl)
  return m?.[1] ? m[1] : DEFAULT_THUMBNAIL_HASH
}
