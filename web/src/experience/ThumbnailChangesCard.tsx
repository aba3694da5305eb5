import {
  DEFAULT_THUMBNAIL_HASH,
  type EventMarker,
  type ThumbnailSwap,
  type ThumbnailType,
} from '@ludex/schemas'
import { Anchor, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { api } from '../api/queries.ts'
import { methodologyLink } from '../methodology/paths.ts'
import { THUMBNAIL_CHANGES_SECTION_ID } from '../methodology/sections/thumbnail-changes.ts'
import { bannerUrl, iconUrl } from '../thumbnails/urls.ts'
import { DataSection } from '../ui/DataSection.tsx'
import { ScrollTable } from '../ui/ScrollTable.tsx'
import { THUMBNAIL_CHANGES_ID, timeText } from './annotations.ts'

/** The drawn size of each image (the banner keeps its 16:9 shape). */
const SHOWN: Readonly<Record<ThumbnailType, { w: number; h: number }>> = {
  Icon: { w: 48, h: 48 },
  Banner: { w: 85, h: 48 },
}
const imageUrl = (type: ThumbnailType, hash: string, placeId: number, width: number) =>
  type === 'Icon' ? iconUrl(hash, placeId, width) : bannerUrl(hash, placeId, width)

/** One image of a change: the picture, linking to the image at full size ('default': no image). */
function ThumbnailImage({
  type,
  hash,
  placeId,
  when,
}: {
  type: ThumbnailType
  hash: string
  placeId: number
  when: string
}) {
  const shown = SHOWN[type]
  if (hash === DEFAULT_THUMBNAIL_HASH)
    return (
      <Text size="sm" c="dimmed">
        No image
      </Text>
    )
  return (
    <Anchor href={imageUrl(type, hash, placeId, 4096)} target="_blank" rel="noopener noreferrer">
      <img
        src={imageUrl(type, hash, placeId, shown.w)}
        alt={`${type} ${when}`}
        width={shown.w}
        height={shown.h}
        loading="lazy"
        decoding="async"
        style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
      />
    </Anchor>
  )
}

/** The rows of the table: one per image replaced, newest change first (icon before banner within one). */
export function thumbnailRows(markers: readonly EventMarker[]): { time: string; swap: ThumbnailSwap }[] {
  return markers
    .filter((m) => m.kind === 'thumbnailChange')
    .reverse()
    .flatMap((m) => m.thumbnails.map((swap) => ({ time: m.time, swap })))
}

/**
 * The evidence of the thumbnail change markers: each image replaced, when it was first captured, the
 * image before and the image after (each opens the image at full size).
 */
export function ThumbnailChangesCard({ placeId }: { placeId: number }) {
  const q = useQuery(api.markers(placeId))
  const rows = q.isError ? [] : thumbnailRows(q.data ?? [])
  return (
    <DataSection
      title="Thumbnail Changes"
      titleId="thumbnail-changes-title"
      id={THUMBNAIL_CHANGES_ID}
      loadingLabel="Loading thumbnail changes"
      pending={q.isPending}
      data={rows.length > 0 ? rows : null}
    >
      {(rows) => (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            The icon and the banner are captured hourly; a change is the first capture of a new image.{' '}
            <Anchor component={Link} to={methodologyLink(THUMBNAIL_CHANGES_SECTION_ID)} td="underline">
              Method
            </Anchor>
          </Text>
          <ScrollTable label="Thumbnail Changes" maxHeight={360}>
            <Table striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Captured (UTC)</Table.Th>
                  <Table.Th>Image</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ time, swap }) => {
                  const at = timeText.format(Date.parse(time))
                  return (
                    <Table.Tr key={`${time}-${swap.type}`}>
                      <Table.Td>{at}</Table.Td>
                      <Table.Td>{swap.type}</Table.Td>
                      <Table.Td>
                        <ThumbnailImage
                          type={swap.type}
                          hash={swap.from}
                          placeId={placeId}
                          when={`before ${at}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ThumbnailImage
                          type={swap.type}
                          hash={swap.to}
                          placeId={placeId}
                          when={`from ${at}`}
                        />
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </DataSection>
  )
}
