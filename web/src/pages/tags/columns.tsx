import { Anchor, Badge, Group, VisuallyHidden } from '@mantine/core'
import { createColumnHelper } from '@tanstack/react-table'
import { createContext, useContext } from 'react'
import { Link } from 'react-router'
import { formatInteger } from '../../experience/format.ts'
import { TagThumbnails } from '../../tags/TagThumbnails.tsx'
import type { TagRow } from './tags-list.ts'

const col = createColumnHelper<TagRow>()

/** Icon hashes of the thumbnails on the visible page, by place id (fetched per page by the table). */
export const TagIcons = createContext<ReadonlyMap<number, string>>(new Map())

function ThumbnailCell({ row }: { row: TagRow }) {
  return <TagThumbnails members={row.thumbs} total={row.place_ids.length} icons={useContext(TagIcons)} />
}

const base = [
  col.display({
    id: 'thumbnail',
    header: () => <VisuallyHidden>Thumbnail</VisuallyHidden>,
    cell: (c) => <ThumbnailCell row={c.row.original} />,
  }),
  col.accessor('name', {
    header: 'Name',
    sortingFn: 'alphanumeric',
    cell: (c) => (
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={`/tags/${c.row.original.id}`} fw={500} lineClamp={2}>
          {c.getValue()}
        </Anchor>
        {c.row.original.global && (
          <Badge size="xs" variant="light">
            Curated
          </Badge>
        )}
      </Group>
    ),
  }),
  col.accessor((r) => r.place_ids.length, {
    id: 'experiences',
    header: 'Experiences',
    cell: (c) => formatInteger(c.getValue()),
    sortDescFirst: true,
  }),
  col.accessor('players_online', {
    header: 'Players Online',
    cell: (c) => formatInteger(c.getValue()),
    sortDescFirst: true,
  }),
]

const owner = col.accessor((r) => r.owner_email ?? '', { id: 'owner', header: 'Owner' })

/** The columns of the tags table (part 2 §2.3); admins also see the Owner column. */
export const tagColumns = base
export const tagColumnsWithOwner = [...base, owner]
