import { Avatar, Loader } from '@mantine/core'
import { useState } from 'react'
import { defaultBackgroundClass } from './default-background.ts'
import { hasFailedToLoad } from './image-failure.ts'
import { defaultThumbnail, iconUrl } from './urls.ts'

export interface ExperienceIconProps {
  readonly placeId: number
  /** undefined while the hash is not known yet (a spinner shows); 'default' means no image. */
  readonly hash: string | undefined
  readonly size?: number
  /** Load at once, for an icon in the first screen (a page header); lists load theirs lazily. */
  readonly eager?: boolean
}

/**
 * An experience icon. The spinner shows until the hash is known; 'default' or an image that fails to
 * load shows one of the three default images, chosen by place id (part 1 §3, §8).
 */
export function ExperienceIcon({ placeId, hash, size = 40, eager = false }: ExperienceIconProps) {
  const [failed, setFailed] = useState(false)
  if (hash === undefined) {
    return (
      <Avatar size={size} radius="md" aria-hidden>
        <Loader size="xs" />
      </Avatar>
    )
  }
  const fallback = defaultThumbnail(placeId)
  return (
    <Avatar
      size={size}
      radius="md"
      alt=""
      src={failed ? fallback : iconUrl(hash, placeId, size)}
      // The default image lies under the icon: a server-rendered page shows it until the icon has
      // loaded, and where the icon fails before the app has started (no error handler yet), it stays.
      className={defaultBackgroundClass(placeId)}
      imageProps={{
        onError: () => setFailed(true),
        ref: (img: HTMLImageElement | null) => {
          if (!failed && hasFailedToLoad(img)) setFailed(true)
        },
        loading: eager ? 'eager' : 'lazy',
        decoding: eager ? 'sync' : 'async',
        ...(eager ? { fetchPriority: 'high' as const } : {}),
      }}
      aria-hidden
    />
  )
}
