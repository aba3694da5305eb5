import {
  displayGenreName,
  formatLikePercentage,
  type GenreSummary,
  type SubGenreSummary,
} from '@ludex/schemas'
import { Anchor } from '@mantine/core'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { formatInteger } from '../experience/format.ts'
import { DataTableView, useDataTable } from '../ui/table/data-table.tsx'

/** A row of the genre or sub-genre table: its name, where it links, and its numbers. */
export interface GenreRow {
  readonly id: string
  /** The genre key or sub-genre (genre_l2 key), shown capitalised (unlabeled as a dash). */
  readonly name: string
  /** Its page; null for none (a dash has no page). */
  readonly to: string | null
  readonly experiences: number
  readonly players_online: number
  readonly share: number
  readonly like_rate: number | null
}

export function genreRow(g: GenreSummary, to: string | null): GenreRow {
  return { id: g.genre, name: g.genre, to, ...numbers(g) }
}

export function subGenreRow(s: SubGenreSummary, to: string | null): GenreRow {
  return { id: s.slug, name: s.sub_genre, to, ...numbers(s) }
}

const numbers = (g: GenreSummary | SubGenreSummary) => ({
  experiences: g.experiences,
  players_online: g.players_online,
  share: g.share,
  like_rate: g.like_rate,
})

const percent = (v: number) => `${(v * 100).toFixed(2)}%`
const col = createColumnHelper<GenreRow>()

/** The columns: name, experiences, players online, share of players, average like rate. */
function genreColumns(nameHeader: string, shareHeader: string) {
  return [
    col.accessor((r) => displayGenreName(r.name), {
      id: 'name',
      header: nameHeader,
      sortingFn: 'alphanumeric',
      cell: (c) =>
        c.row.original.to ? (
          <Anchor component={Link} to={c.row.original.to} fw={500}>
            {c.getValue()}
          </Anchor>
        ) : (
          c.getValue()
        ),
    }),
    col.accessor('experiences', {
      header: 'Experiences',
      cell: (c) => formatInteger(c.getValue()),
      sortDescFirst: true,
    }),
    col.accessor('players_online', {
      header: 'Players Online',
      cell: (c) => formatInteger(c.getValue()),
      sortDescFirst: true,
    }),
    col.accessor('share', { header: shareHeader, cell: (c) => percent(c.getValue()), sortDescFirst: true }),
    // Read as undefined when unrated, so that those rows sort below every rated one in both directions.
    col.accessor((r) => r.like_rate ?? undefined, {
      id: 'like_rate',
      header: 'Average Like Rate',
      cell: (c) => {
        const v = c.row.original.like_rate
        return v === null ? '-' : formatLikePercentage(v)
      },
      sortUndefined: 'last',
      sortDescFirst: true,
    }),
  ]
}

const NUMERIC = new Set(['experiences', 'players_online', 'share', 'like_rate'])
/** A long genre name wraps, so that on a phone the numbers after it come into view. */
const WRAPPING = new Set(['name'])

export interface GenreTableProps {
  readonly tableId: string
  readonly rows: readonly GenreRow[]
  readonly loading: boolean
  readonly caption: string
  /** The scroll region's name while it scrolls: 'Genres' or 'Sub-genres'. */
  readonly label: string
  /** 'Genre' or 'Sub-genre'. */
  readonly nameHeader: string
  /** What the share is of: 'Share of Players' (all players) or 'Share of Genre'. */
  readonly shareHeader: string
}

/** The genre table of /genres and the sub-genre table of /genres/{genre}: most players online first. */
export function GenreTable({
  tableId,
  rows,
  loading,
  caption,
  label,
  nameHeader,
  shareHeader,
}: GenreTableProps) {
  const columns = useMemo(() => genreColumns(nameHeader, shareHeader), [nameHeader, shareHeader])
  const state = useDataTable({
    tableId,
    rows,
    columns,
    getRowId: (r) => r.id,
    initialSort: [{ id: 'players_online', desc: true }],
  })
  return (
    <DataTableView
      state={state}
      tableId={tableId}
      loading={loading}
      caption={caption}
      label={label}
      numeric={NUMERIC}
      loadingLabel="Loading genres"
      wrapping={WRAPPING}
      widerThanPhones
    />
  )
}
