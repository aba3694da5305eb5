import { DEFAULT_THUMBNAIL_HASH, DEFAULT_THUMBNAIL_VARIANTS, THUMBNAIL_CDN_PREFIX } from '@ludex/schemas'
import { Avatar, Loader } from '@mantine/core'
import { useState } from 'react'

/** Icon sizes the image service serves (part 1 §9); the smallest one that covers the box is used. */
const ICON_SIZES = [64, 128, 150, 256, 512] as const
const DEFAULT_COLORS = ['indigo', 'teal', 'grape'] as const

/** The image service address of an icon hash (180-day path prefix, part 1 §7). */
export function iconUrl(hash: string, size: number): string {
  const px = ICON_SIZES.find((s) => s >= size) ?? 512
  return `https://tr.rbxcdn.com/${THUMBNAIL_CDN_PREFIX}-${hash}/${px}/${px}/Image/Webp/noFilter`
}

export interface ExperienceIconProps {
  readonly placeId: number
  readonly name: string
  /** undefined while the hash is not known yet (a spinner shows); 'default' means no image. */
  readonly hash: string | undefined
  readonly size?: number
}

/**
 * An experience icon. The spinner shows until the hash is known; 'default' or an image that fails to
 * load shows one of three default images, chosen by place id, so a row always keeps its look.
 */
export function ExperienceIcon({ placeId, name, hash, size = 40 }: ExperienceIconProps) {
  const [failed, setFailed] = useState(false)
  if (hash === undefined) {
    return (
      <Avatar size={size} radius="md" aria-hidden>
        <Loader size="xs" />
      </Avatar>
    )
  }
  const useDefault = failed || hash === DEFAULT_THUMBNAIL_HASH
  const color = DEFAULT_COLORS[placeId % DEFAULT_THUMBNAIL_VARIANTS] ?? 'indigo'
  return (
    <Avatar
      size={size}
      radius="md"
      color={color}
      variant="light"
      alt=""
      src={useDefault ? null : iconUrl(hash, size)}
      imageProps={{ onError: () => setFailed(true), loading: 'lazy', decoding: 'async' }}
      aria-hidden
    >
      {/[\p{L}\p{N}]/u.exec(name)?.[0]?.toUpperCase() ?? '?'}
    </Avatar>
  )
}
