import type { Creator } from '@ludex/schemas'
import { Avatar } from '@mantine/core'
import { useState } from 'react'
import { defaultBackgroundClass } from './default-background.ts'
import { hasFailedToLoad } from './image-failure.ts'
import { creatorImageUrl, defaultThumbnail } from './urls.ts'

export interface CreatorAvatarProps {
  readonly creator: Pick<Creator, 'id' | 'type' | 'thumbnail_hash'>
  readonly size?: number
  readonly eager?: boolean
}

/**
 * A creator's picture: a user's headshot (round) or a group's icon (square). 'default' or an image
 * that fails to load shows a default image chosen by the creator's id (part 2 §8).
 */
export function CreatorAvatar({ creator, size = 36, eager = false }: CreatorAvatarProps) {
  const [failed, setFailed] = useState(false)
  const fallback = defaultThumbnail(creator.id)
  return (
    <Avatar
      size={size}
      radius={creator.type === 'User' ? 'xl' : 'md'}
      alt=""
      src={failed ? fallback : creatorImageUrl(creator.type, creator.thumbnail_hash, creator.id, size)}
      // As for experience icons: the default lies under the picture until it loads (or for good).
      className={defaultBackgroundClass(creator.id)}
      imageProps={{
        onError: () => setFailed(true),
        ref: (img: HTMLImageElement | null) => {
          if (!failed && hasFailedToLoad(img)) setFailed(true)
        },
        loading: eager ? 'eager' : 'lazy',
        decoding: eager ? 'sync' : 'async',
      }}
      aria-hidden
    />
  )
}
