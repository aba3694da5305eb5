import { Center, Table, Text, VisuallyHidden } from '@mantine/core'
import { useEffect, useMemo, useRef } from 'react'
import { Link } from 'react-router'
import { useExperienceNames } from '../../api/experience-lookup.ts'
import { NO_DATA } from '../../charts/index.ts'
import { ExperienceIcon } from '../../thumbnails/ExperienceIcon.tsx'
import { useIconHashes } from '../../thumbnails/icon-hashes.ts'
import classes from './rankings.module.css'

export interface RankedPosition {
  readonly place_id: number
  readonly pos: number
}

/**
 * The ranked table of a chart category at one capture: position, icon and name linking to the
 * experience (part 2 §2.9). The highlighted experience (`exp`) is marked and scrolled to.
 */
export function RankingTable({
  positions,
  highlight,
  caption,
}: {
  positions: readonly RankedPosition[]
  highlight: number | null
  caption: string
}) {
  const ids = useMemo(() => positions.map((p) => p.place_id), [positions])
  const icons = useIconHashes(ids)
  const nameOf = useExperienceNames(ids)
  const highlighted = useRef<HTMLTableRowElement | null>(null)

  // The highlighted row is brought into view once it is drawn (and again for another capture).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows drawn are the trigger, the ref the target
  useEffect(() => {
    highlighted.current?.scrollIntoView?.({ block: 'center' })
  }, [positions, highlight])

  if (positions.length === 0) {
    return (
      <Center h={160}>
        <Text c="dimmed">{NO_DATA}</Text>
      </Center>
    )
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped highlightOnHover verticalSpacing={6} layout="fixed">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Text size="sm" c="dimmed" component="span">
            {caption}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80} ta="right">
              Position
            </Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Icon</VisuallyHidden>
            </Table.Th>
            <Table.Th>Name</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {/* The body's hundred rows are plain elements styled by the table's own variables: as Mantine
            components (a Box with its props and styles per row, cell and link) their hydration was one of
            the page's longest tasks on a phone. */}
        <tbody>
          {positions.map((p) => {
            const isHighlighted = p.place_id === highlight
            return (
              <tr
                key={p.place_id}
                ref={isHighlighted ? highlighted : undefined}
                className={isHighlighted ? `${classes.row} ${classes.highlighted}` : classes.row}
                aria-current={isHighlighted ? 'true' : undefined}
                data-highlighted={isHighlighted ? 'true' : undefined}
              >
                <td className={`${classes.cell} ${classes.position}`}>#{p.pos}</td>
                <td className={classes.cell}>
                  <ExperienceIcon placeId={p.place_id} hash={icons.get(p.place_id)} size={36} />
                </td>
                <td className={classes.cell}>
                  <Link to={`/experiences/${p.place_id}`} className={classes.name}>
                    {nameOf(p.place_id)}
                  </Link>
                </td>
              </tr>
            )
          })}
        </tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
