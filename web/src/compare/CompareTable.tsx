import {
  type CcuPeriodsResponse,
  formatLikePercentage,
  type Granularity,
  roundAverageCcu,
  type SlimExperience,
  shortenNumber,
} from '@ludex/schemas'
import { Anchor, ColorSwatch, Group, Table, Text, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatInteger } from '../experience/format.ts'
import { ScrollTable } from '../ui/ScrollTable.tsx'

type Periods = CcuPeriodsResponse['places'][number]
type Period = Periods['day']

/** One experience of the table: what the shell's list knows of it, and its colour in the charts. */
export interface TableExperience {
  readonly placeId: number
  readonly color: string
  readonly slim: SlimExperience | undefined
  readonly periods: Periods | undefined
}

const PERIOD_COLUMNS: readonly { g: Granularity & keyof Periods; label: string; unit: string }[] = [
  { g: 'day', label: 'Daily CCU', unit: 'day' },
  { g: 'week', label: 'Weekly CCU', unit: 'week' },
  { g: 'month', label: 'Monthly CCU', unit: 'month' },
]

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 'last completed day: Nov 17, 2026': what the value of a period column is. */
export function periodNote(unit: string, period: Period): string {
  return period ? `last completed ${unit}: ${dateFormat.format(new Date(period.start))}` : ''
}

function periodValue(period: Period, loading: boolean): string {
  if (period) return roundAverageCcu(period.value).toLocaleString('en-US')
  return loading ? '…' : '-'
}

function nameOf(e: TableExperience): ReactNode {
  return (
    <Anchor component={Link} to={`/experiences/${e.placeId}`}>
      {e.slim?.name ?? String(e.placeId)}
    </Anchor>
  )
}

function PeriodCell({ unit, period, loading }: { unit: string; period: Period; loading: boolean }) {
  return (
    <>
      {periodValue(period, loading)}
      {period && (
        <Text size="xs" c="dimmed" component="div">
          {periodNote(unit, period)}
        </Text>
      )}
    </>
  )
}

const stat = (e: TableExperience, f: (s: SlimExperience) => string) => (e.slim ? f(e.slim) : '-')
const players = (s: SlimExperience) => formatInteger(s.players_online)
const likes = (s: SlimExperience) => formatLikePercentage(s.like_percentage)
const visits = (s: SlimExperience) => shortenNumber(s.total_visits, { plus: true })

/**
 * The compare table (part 2 §2.5). Two experiences: side by side, a column each (Name, Player Count,
 * Like %, Visits, Daily / Weekly / Monthly CCU, each CCU marked with the last completed period it
 * covers). Three or more: a row each, with the colour swatch its lines have in every chart.
 */
export function CompareTable({
  experiences,
  periodsLoading,
}: {
  experiences: readonly TableExperience[]
  periodsLoading: boolean
}) {
  if (experiences.length === 2) {
    const rows: { label: string; cell: (e: TableExperience) => ReactNode }[] = [
      { label: 'Name', cell: nameOf },
      { label: 'Player Count', cell: (e) => stat(e, players) },
      { label: 'Like %', cell: (e) => stat(e, likes) },
      { label: 'Visits', cell: (e) => stat(e, visits) },
      ...PERIOD_COLUMNS.map((c) => ({
        label: c.label,
        cell: (e: TableExperience) => (
          <PeriodCell unit={c.unit} period={e.periods?.[c.g] ?? null} loading={periodsLoading} />
        ),
      })),
    ]
    return (
      <ScrollTable label="Comparison">
        <Table withColumnBorders aria-label="Comparison" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="10rem">
                <VisuallyHidden>Measure</VisuallyHidden>
              </Table.Th>
              {experiences.map((e) => (
                <Table.Th key={e.placeId} scope="col">
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={e.color} size={12} aria-hidden />
                    {e.slim?.name ?? e.placeId}
                  </Group>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Th scope="row">{r.label}</Table.Th>
                {experiences.map((e) => (
                  <Table.Td key={e.placeId}>{r.cell(e)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    )
  }
  // The period each CCU column covers is the same for every row: named once, in the header.
  const periodOf = (g: Granularity & keyof Periods) =>
    experiences.map((e) => e.periods?.[g]).find((p) => p) ?? null
  return (
    <ScrollTable label="Comparison" widerThanPhones>
      <Table striped aria-label="Comparison">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">Player Count</Table.Th>
            <Table.Th ta="right">Like %</Table.Th>
            <Table.Th ta="right">Visits</Table.Th>
            {PERIOD_COLUMNS.map((c) => (
              <Table.Th key={c.g} ta="right">
                {c.label}
                <Text size="xs" c="dimmed" fw={400} component="div">
                  {periodNote(c.unit, periodOf(c.g))}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {experiences.map((e) => (
            <Table.Tr key={e.placeId}>
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <ColorSwatch color={e.color} size={14} aria-hidden />
                  {nameOf(e)}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{stat(e, players)}</Table.Td>
              <Table.Td ta="right">{stat(e, likes)}</Table.Td>
              <Table.Td ta="right">{stat(e, visits)}</Table.Td>
              {PERIOD_COLUMNS.map((c) => (
                <Table.Td key={c.g} ta="right">
                  {periodValue(e.periods?.[c.g] ?? null, periodsLoading)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
