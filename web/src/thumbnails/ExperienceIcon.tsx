import { Avatar, Loader, rem } from '@mantine/core'
import { type CSSProperties, useState } from 'react'
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
  // A plain frame and image (experience-icon.css) in the look of Mantine's Avatar: lists and rankings
  // draw a hundred icons, and as Avatars (a Box with its props and styles, twice each) they were a good
  // part of the page's hydration on a phone.
  return (
    <span
      // The default image lies under the icon: a server-rendered page shows it until the icon has
      // loaded, and where the icon fails before the app has started (no error handler yet), it stays.
      className={`ludex-experience-icon ${defaultBackgroundClass(placeId)}`}
      style={{ '--icon-size': rem(size) } as CSSProperties}
      aria-hidden
    >
      <img
        alt=""
        src={failed ? fallback : iconUrl(hash, placeId, size)}
        onError={() => setFailed(true)}
        ref={(img: HTMLImageElement | null) => {
          if (!failed && hasFailedToLoad(img)) setFailed(true)
        }}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'sync' : 'async'}
        {...(eager ? { fetchPriority: 'high' as const } : {})}
      />
    </span>
  )
}
