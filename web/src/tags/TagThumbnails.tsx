import { Avatar, Text } from '@mantine/core'
import { IconTags } from '@tabler/icons-react'
import { ExperienceIcon } from '../thumbnails/ExperienceIcon.tsx'
import { Tooltip } from '../ui/Tooltip.tsx'

/**
 * A tag's thumbnail: the icons of its top experiences (thumbnailMembers), overlapping; a tag with
 * more experiences than icons shows how many more.
 */
export function TagThumbnails({
  members,
  total,
  icons,
  size = 32,
}: {
  members: readonly number[]
  total: number
  icons: ReadonlyMap<number, string>
  size?: number
}) {
  if (members.length === 0) {
    return (
      <Avatar size={size} radius="md" aria-hidden>
        <IconTags size={size * 0.55} />
      </Avatar>
    )
  }
  const more = total - members.length
  return (
    <Avatar.Group spacing={size / 3} aria-hidden>
      {members.map((id) => (
        <ExperienceIcon key={id} placeId={id} hash={icons.get(id)} size={size} />
      ))}
      {more > 0 && (
        <Tooltip label={`${more} more`}>
          <Avatar size={size} radius="md">
            <Text size="xs" fw={600}>
              +{more}
            </Text>
          </Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  )
}
