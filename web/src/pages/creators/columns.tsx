import type { Creator } from '@ludex/schemas'
import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core'
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react'
import { createColumnHelper } from '@tanstack/react-table'
import { createContext, useContext } from 'react'
import { Link } from 'react-router'
import { creatorPath } from '../../browse/links.ts'
import { formatInteger } from '../../experience/format.ts'
import { CreatorAvatar } from '../../thumbnails/CreatorAvatar.tsx'

const col = createColumnHelper<Creator>()

/** The whole creator list, so that a link can tell a user from a group sharing an id. */
export const AllCreators = createContext<readonly Creator[]>([])

function NameCell({ creator }: { creator: Creator }) {
  const all = useContext(AllCreators)
  return (
    <Anchor component={Link} to={creatorPath(creator, all)} fw={500} lineClamp={2}>
      {creator.name}
    </Anchor>
  )
}

/** Verified creators carry the platform's badge; the cell reads Yes or No for everyone. */
export function VerifiedMark({ verified }: { verified: boolean }) {
  return verified ? (
    <Group gap={4} wrap="nowrap">
      <IconRosetteDiscountCheckFilled size={18} color="var(--mantine-color-blue-6)" aria-hidden />
      <Text size="sm">Yes</Text>
    </Group>
  ) : (
    <Text size="sm" c="dimmed">
      No
    </Text>
  )
}

/** The columns of the creators table (part 2 §2.6). */
export const creatorColumns = [
  col.display({
    id: 'avatar',
    header: () => <VisuallyHidden>Avatar</VisuallyHidden>,
    cell: (c) => <CreatorAvatar creator={c.row.original} size={36} />,
  }),
  col.accessor('name', {
    header: 'Name',
    sortingFn: 'alphanumeric',
    cell: (c) => <NameCell creator={c.row.original} />,
  }),
  col.accessor((r) => r.place_ids.length, {
    id: 'experiences',
    header: 'Experiences',
    cell: (c) => formatInteger(c.getValue()),
    sortDescFirst: true,
  }),
  col.accessor('is_verified', {
    header: 'Verified',
    cell: (c) => <VerifiedMark verified={c.getValue()} />,
    sortingFn: 'basic',
    sortDescFirst: true,
  }),
  col.accessor('type', { header: 'Type' }),
]
